import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createApp, paymentProcessorFor, stripeBilling } from './app.js';
import { reconcilePacks } from './services/billing/buy-pack.js';
import path from 'node:path';
import { DEFAULT_DATA_DIR, loadConfig } from './config.js';
import { embeddedStoreDir, openStore } from './db/open-store.js';
import { calendarRefreshRunner } from './jobs/calendar-refresh/calendar-refresh-job.js';
import { calendarWriteRunner } from './jobs/calendar-write/calendar-write-job.js';
import { retentionRunner } from './jobs/retention/retention-job.js';
import { notifyListener } from './jobs/runner/notify-listener.js';
import { DELIVERIES_CHANNEL, DeliveryWorker } from './jobs/webhook-delivery/delivery-worker.js';
import { createHttpServer } from './http/http-server.js';
import { createMetrics } from './http/metrics.js';
import { resolveAdminToken } from './lib/admin-token.js';
import { lockDataDir } from './lib/data-dir-lock.js';
import { resolveSecretsKey, secretBox } from './lib/secret-box.js';
import { onShutdownSignal, shutdownGraceMs } from './lib/graceful-shutdown.js';
import { createLogger } from './lib/logger.js';

// A delivery in flight may need its whole timeout (WEBHOOK_TIMEOUT_MS, up to 60 s) to end.
function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const embedded = !config.databaseUrl;
  const unlock = embedded ? await lockDataDir(await ensureDir(config.dataDir)) : async () => {};
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: embeddedStoreDir(config.dataDir),
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    pooler: config.databasePooler,
  });
  const applied = await store.migrate();
  logger.info({ store: store.kind, applied_migrations: applied }, 'store ready');

  const admin = await resolveAdminToken({ configured: config.adminToken, embedded, dataDir: config.dataDir });
  if (admin.generated) {
    // Printed once, on the run that created it; afterwards it is only in the data directory.
    process.stderr.write(
      `\nAdmin token (kept in ${config.dataDir}/admin-token; \`pnpm admin\` reads it from there` +
        (path.resolve(config.dataDir) === path.resolve(DEFAULT_DATA_DIR) ? '' : ` when run with DATA_DIR=${config.dataDir} too`) +
        `):\n  ${admin.token}\n\n`,
    );
  }
  if (!admin.token) logger.warn('ADMIN_TOKEN is not set: the admin API answers 401');
  const secretsKey = await resolveSecretsKey({ configured: config.secretsKey, embedded, dataDir: config.dataDir });
  if (!secretsKey) logger.warn('SECRETS_KEY is not set: connecting calendars is refused until it is');
  const secrets = secretsKey ? secretBox(secretsKey) : undefined;

  const metrics = createMetrics({ processMetrics: true });
  // Webhook delivery runs here unless DELIVERY_WORKER=off (then only `pnpm worker` sends).
  const worker = config.webhooks.inProcessWorker
    ? new DeliveryWorker({
        db: store.db,
        config,
        clock: () => new Date(),
        logger,
        releaseLeasesAtStart: embedded,
        onAttempt: (outcome) => metrics.countDelivery(outcome),
        ...(store.changes ? { changes: store.changes } : {}),
      })
    : undefined;
  await worker?.start();
  // Calendars are read again in the background by the same process, on the same switch.
  const calendarRefresh =
    config.webhooks.inProcessWorker && secrets
      ? calendarRefreshRunner({ store, config, secrets, clock: () => new Date(), logger, releaseLeasesAtStart: embedded })
      : undefined;
  await calendarRefresh?.start();
  const calendarWrites =
    config.webhooks.inProcessWorker && secrets
      ? calendarWriteRunner({ store, config, secrets, clock: () => new Date(), logger, releaseLeasesAtStart: embedded })
      : undefined;
  await calendarWrites?.start();
  // Old events, expired keys, past claims and the like are swept on the same switch.
  const retention = config.webhooks.inProcessWorker
    ? retentionRunner({ store, config, clock: () => new Date(), logger, releaseLeasesAtStart: embedded })
    : undefined;
  await retention?.start();
  // On a server, deliveries committed by other API processes wake this worker too.
  const listener = worker && config.databaseUrl ? notifyListener(config, logger, { [DELIVERIES_CHANNEL]: () => worker.wake() }) : undefined;
  await listener?.start();

  const paymentProcessor = paymentProcessorFor(stripeBilling(config), store);
  const app = createApp({
    config,
    store,
    logger,
    paymentProcessor,
    adminToken: admin.token,
    metrics,
    secrets,
    ...(worker ? { onEventsCommitted: () => worker.wake() } : {}),
  });
  const http = createHttpServer(app, config.http);
  await listen(http, config.port, config.host);
  logger.info({ url: `http://${config.host}:${config.port}`, store: store.kind }, 'humantime API listening');
  // Packs a process died charging (or that met an outage) are settled by replaying their key.
  reconcilePacks({ store, paymentProcessor, config }).then(
    (settled) => settled > 0 && logger.info({ settled }, 'overage packs settled'),
    (error: unknown) => logger.warn({ err: error }, 'settling overage packs failed; the next booking at the limit retries'),
  );

  onShutdownSignal({
    logger,
    graceMs: shutdownGraceMs(config),
    message: 'shutting down: no new connections, finishing in-flight requests and deliveries',
    stop: async () => {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        // A keep-alive connection whose request was in flight turns idle only after its
        // response; close such connections as they go idle instead of waiting for the client.
        const sweep = setInterval(() => http.closeIdleConnections(), 100);
        sweep.unref();
        http.once('close', () => clearInterval(sweep));
        http.closeIdleConnections();
      });
      // Attempts in flight finish (each bounded by the webhook timeout) and are recorded.
      await listener?.stop();
      await worker?.stop();
      await calendarRefresh?.stop();
      await calendarWrites?.stop();
      await retention?.stop();
      await store.close();
      await unlock();
    },
  });
}

async function ensureDir(dir: string) {
  await mkdir(dir, { recursive: true });
  return dir;
}

main().catch((error: unknown) => {
  process.stderr.write(`humantime failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
