import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { childEnv, jsonLines, run, waitFor, type Child } from '../process/spawn.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { book, orgWithWebhook } from '../webhook-fixtures.js';
import { startReceiver, verifySignature, type Receiver } from '../webhook-receiver.js';

// PostgreSQL only (vitest.config.ts): one API process that does not deliver
// (DELIVERY_WORKER=off; the test's own app) and two `pnpm worker` processes on the same
// database share 100 deliveries. Every one arrives exactly once, no delivery is ever being
// attempted twice at the same moment, and both workers take part.
const BOOKINGS = 100;

let app: TestApp;
let receiver: Receiver;
const workers: Child[] = [];

beforeAll(async () => {
  // A short wait inside the receiver widens the window in which a double claim would show.
  receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
  const { webhooks } = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', DELIVERY_WORKER: 'off' });
  app = await startTestApp({ webhooks });
  const env = childEnv({ DATABASE_URL: app.database.url!, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'info' });
  for (let i = 0; i < 2; i++) workers.push(run('src/worker.ts', [], env));
  await waitFor(
    'both workers running',
    () => workers.every((w) => w.stdout.includes('humantime delivery worker running')) || undefined,
    30_000,
  );
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.process.exitCode === null) w.process.kill('SIGKILL');
  await app.close();
  await receiver.close();
});

describe('two worker processes on one PostgreSQL database', () => {
  it(`deliver ${BOOKINGS} events exactly once between them`, async () => {
    const org = await orgWithWebhook(app, `${receiver.url}/shared`, ['booking.confirmed']);
    const booked: Record<string, number> = {};
    // Ten clients at a time, paced, so work keeps arriving over several polls of both workers.
    for (let batch = 0; batch < BOOKINGS / 10; batch++) {
      if (batch > 0) await new Promise((r) => setTimeout(r, 200));
      await Promise.all(
        Array.from({ length: 10 }, async (_, j) => {
          const b = await book(app, org, batch * 10 + j);
          booked[b.id] = performance.now();
        }),
      );
    }
    await receiver.waitFor('every delivery', () => receiver.answered2xx.size === BOOKINGS, 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // room for a (wrong) second attempt to show up

    expect(receiver.received).toHaveLength(BOOKINGS);
    expect([...receiver.answered2xx.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.maxConcurrentPerDelivery).toBe(1);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).data.id))).toEqual(new Set(Object.keys(booked)));
    for (const r of receiver.received) verifySignature(r.headers['x-service-signature'], r.body, org.webhook.signing_secret);

    const delivered = await app.database.store.db.delivery.count({
      where: { webhookId: org.webhook.id, status: 'delivered', attemptCount: 1 },
    });
    expect(delivered).toBe(BOOKINGS);

    // Who sent what, from each worker's structured log.
    const byWorker = workers.map((w) =>
      jsonLines(w.stdout)
        .filter((l) => l.msg === 'webhook delivery attempt' && l.outcome === 'delivered')
        .map((l) => String(l.delivery_id)),
    );
    const split = byWorker.map((ids) => ids.length);
    const lag = receiver.received.map((r) => r.mono - booked[JSON.parse(r.body).data.id]!).sort((a, b) => a - b);
    console.info(
      `[postgres, 2 worker processes] split ${split.join(' / ')}; booking response → arrival median ` +
        `${lag[Math.floor(lag.length / 2)]!.toFixed(0)} ms (work found by the 500 ms poll)`,
    );
    expect(split[0]! + split[1]!).toBe(BOOKINGS);
    expect(new Set([...byWorker[0]!, ...byWorker[1]!]).size).toBe(BOOKINGS);
    expect(Math.min(...split)).toBeGreaterThan(0);
  }, 90_000);

  it('stop on SIGTERM with exit 0', async () => {
    for (const w of workers) w.process.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  });
});
