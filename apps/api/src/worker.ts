import { loadConfig } from './config.js';
import { openStore } from './db/open-store.js';
import { DeliveryWorker } from './delivery/delivery-worker.js';
import { createLogger } from './lib/logger.js';

const SHUTDOWN_GRACE_MS = 25_000;

/**
 * `pnpm worker`: webhook delivery as a process of its own, beside the API processes, all
 * on one PostgreSQL server. They share the work through the deliveries table's leases.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    // PGlite lives inside one process; a second one cannot open its files.
    process.stderr.write(
      'pnpm worker needs DATABASE_URL (a postgres:// server). The embedded store is one process only: ' +
        'without DATABASE_URL, deliveries are sent by the API process itself (DELIVERY_WORKER=on, the default).\n',
    );
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const store = await openStore({ databaseUrl: config.databaseUrl, poolSize: 5 });
  // Safe beside API processes: the runner applies each migration once under an advisory lock.
  await store.migrate();
  const worker = new DeliveryWorker({ db: store.db, config, clock: () => new Date(), logger });
  await worker.start();
  logger.info({ worker_id: worker.workerId }, 'humantime delivery worker running');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new claims, finishing deliveries in flight');
    const force = setTimeout(() => {
      logger.error('deliveries in flight did not finish in time; exiting');
      process.exit(1);
    }, Math.max(SHUTDOWN_GRACE_MS, config.webhooks.timeoutMs + 15_000));
    force.unref();
    await worker.stop();
    await store.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`humantime worker failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
