import { loadConfig } from './config.js';
import { openStore } from './db/open-store.js';
import { calendarRefreshRunner } from './jobs/calendar-refresh/calendar-refresh-job.js';
import { calendarWriteRunner } from './jobs/calendar-write/calendar-write-job.js';
import { retentionRunner } from './jobs/retention/retention-job.js';
import { notifyListener } from './jobs/runner/notify-listener.js';
import { secretBox } from './lib/secret-box.js';
import { DELIVERIES_CHANNEL, DeliveryWorker } from './jobs/webhook-delivery/delivery-worker.js';
import { onShutdownSignal, shutdownGraceMs } from './lib/graceful-shutdown.js';
import { createLogger } from './lib/logger.js';

/**
 * `pnpm worker`: webhook delivery (and the other background jobs: calendars, retention) as a process of its own, beside the API processes, all
 * on one PostgreSQL server. They share the work through the deliveries table's leases and
 * wake on the humantime_deliveries NOTIFY sent when deliveries are committed.
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
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    poolSize: 5,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    pooler: config.databasePooler,
  });
  // Safe beside API processes: the runner applies each migration once under an advisory lock.
  await store.migrate();
  const worker = new DeliveryWorker({ db: store.db, config, clock: () => new Date(), logger });
  await worker.start();
  // Calendars need the key that sealed their addresses; without SECRETS_KEY none can be connected.
  const calendarRefresh = config.secretsKey
    ? calendarRefreshRunner({ store, config, secrets: secretBox(config.secretsKey), clock: () => new Date(), logger })
    : undefined;
  await calendarRefresh?.start();
  const calendarWrites = config.secretsKey
    ? calendarWriteRunner({ store, config, secrets: secretBox(config.secretsKey), clock: () => new Date(), logger })
    : undefined;
  await calendarWrites?.start();
  const retention = retentionRunner({ store, config, clock: () => new Date(), logger });
  await retention.start();
  // Woken by a NOTIFY when a booking's deliveries commit, not only by the poll.
  const listener = notifyListener(config, logger, { [DELIVERIES_CHANNEL]: () => worker.wake() });
  await listener?.start();
  logger.info({ worker_id: worker.workerId }, 'humantime delivery worker running');

  onShutdownSignal({
    logger,
    graceMs: shutdownGraceMs(config),
    message: 'shutting down: no new claims, finishing deliveries in flight',
    stop: async () => {
      await listener?.stop();
      await worker.stop();
      await calendarRefresh?.stop();
      await calendarWrites?.stop();
      await retention.stop();
      await store.close();
    },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`humantime worker failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
