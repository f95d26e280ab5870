import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore, type Store } from '../../src/db/open-store.js';
import { LISTENER_APPLICATION_NAME, NotifyListener } from '../../src/jobs/runner/notify-listener.js';
import { DELIVERIES_CHANNEL, DeliveryWorker } from '../../src/jobs/webhook-delivery/delivery-worker.js';
import { createLogger } from '../../src/lib/logger.js';
import { childEnv, run, waitFor } from '../process/spawn.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { book, orgWithWebhook, type WebhookOrg } from '../webhook-fixtures.js';
import { startReceiver, type Receiver } from '../webhook-receiver.js';

// PostgreSQL only (vitest.config.ts). The API (the test's app) does not deliver; a worker
// with its own connection pool, as `pnpm worker` has, polls only once a minute, so a prompt
// delivery can only come from the humantime_deliveries NOTIFY sent at the booking's commit.
// The time from commit to arrival is reported, not asserted: it depends on the machine.
const BOOKINGS = 20;
const POLL_MS = 60_000;

let app: TestApp;
let receiver: Receiver;
let workerStore: Store;
let worker: DeliveryWorker;
let listener: NotifyListener;
let org: WebhookOrg;
const commits: number[] = [];

const listenerPids = async () =>
  (
    await app.database.store.sql<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    )
  ).map((r) => r.pid);

/** Books slot `i` and resolves with the milliseconds from its commit to its arrival. */
async function bookAndTime(i: number): Promise<number> {
  const before = commits.length;
  const booking = await book(app, org, i);
  const committed = commits[before]!;
  const arrival = () => receiver.received.find((r) => JSON.parse(r.body).data.id === booking.id);
  await receiver.waitFor(`booking ${i} delivered`, () => arrival() !== undefined, 10_000);
  return arrival()!.mono - committed;
}

beforeAll(async () => {
  receiver = await startReceiver(() => 200);
  const { webhooks } = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DELIVERY_WORKER: 'off' });
  app = await startTestApp({ webhooks }, { onEventsCommitted: () => commits.push(performance.now()) });
  org = await orgWithWebhook(app, `${receiver.url}/notify`, ['booking.confirmed']);
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await worker?.stop();
  await workerStore?.close();
  await app?.close();
  await receiver?.close();
});

describe('a delivery worker woken by NOTIFY', () => {
  it('is what `pnpm worker` runs: the process keeps a LISTEN connection', async () => {
    const env = childEnv({ DATABASE_URL: app.database.url!, LOG_LEVEL: 'info' });
    const child = run('src/worker.ts', [], env);
    try {
      await waitFor('the worker process listening', async () => (await listenerPids()).length === 1 || undefined, 30_000);
    } finally {
      child.process.kill('SIGTERM');
      await child.exited;
    }
    await waitFor('its listener gone', async () => (await listenerPids()).length === 0 || undefined);
  }, 60_000);

  it(`delivers ${BOOKINGS} bookings far sooner than its ${POLL_MS / 1000} s poll would`, async () => {
    const logger = createLogger('silent');
    workerStore = await openStore({ databaseUrl: app.database.url!, poolSize: 5 });
    worker = new DeliveryWorker({ db: workerStore.db, config: app.config, clock: () => new Date(), logger, pollMs: POLL_MS });
    await worker.start();
    listener = new NotifyListener({ databaseUrl: app.database.url!, channels: { [DELIVERIES_CHANNEL]: () => worker.wake() }, logger });
    await listener.start();
    expect(await listenerPids()).toHaveLength(1);

    const latencies: number[] = [];
    for (let i = 0; i < BOOKINGS; i++) latencies.push(await bookAndTime(i));
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = (sorted[BOOKINGS / 2 - 1]! + sorted[BOOKINGS / 2]!) / 2;
    console.info(
      `[postgres] NOTIFY wake, commit → delivery over ${BOOKINGS} bookings: median ${median.toFixed(1)} ms, ` +
        `min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    expect(receiver.received).toHaveLength(BOOKINGS);
    // Only the notification can explain this: the poll would take up to 75 s.
    expect(sorted.at(-1)!).toBeLessThan(POLL_MS / 10);
  }, 120_000);

  it('listens again after its connection is killed, and the next booking still wakes it', async () => {
    const [old] = await listenerPids();
    await app.database.store.sql('SELECT pg_terminate_backend($1)', [old]);
    await waitFor('a new LISTEN connection', async () => {
      const pids = await listenerPids();
      return (pids.length === 1 && pids[0] !== old) || undefined;
    });
    const latency = await bookAndTime(BOOKINGS);
    console.info(`[postgres] after the LISTEN connection was killed and reopened: commit → delivery ${latency.toFixed(1)} ms`);
    expect(latency).toBeLessThan(POLL_MS / 10);
  }, 60_000);
});
