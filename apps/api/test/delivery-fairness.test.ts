// One organization's receivers that never answer must not hold back another organization's
// deliveries: each holds its attempt until the timeout, and the worker gives an organization
// at most its share of the attempts in flight (jobs/runner/job.ts, FairShare), so the slots
// left serve everyone else at once.
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { claimDeliveries } from '../src/jobs/webhook-delivery/claim-deliveries.js';
import { startTestApp, type TestApp } from './test-app.js';
import { book, orgWithWebhook } from './webhook-fixtures.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

/** The delivery worker's share per organization (jobs/webhook-delivery/delivery-worker.ts). */
const SHARE = 16;
/** Longer than the test: every attempt to the hanging receiver is still open when it ends. */
const TIMEOUT_MS = 8_000;

const webhooks = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) }).webhooks;
let app: TestApp;
let hanging: Receiver;
let prompt: Receiver;

beforeAll(async () => {
  hanging = await startReceiver(() => 'hang');
  prompt = await startReceiver(() => 200);
  app = await startTestApp({ webhooks });
});
afterAll(async () => {
  // Closing the hanging receiver ends its attempts, so the worker stops without waiting them out.
  await hanging.close();
  await app.close();
  await prompt.close();
});

describe('webhook deliveries across organizations', () => {
  it("one organization's hanging receivers hold its share of the attempts, and another's are sent at once", async () => {
    const slow = await orgWithWebhook(app, `${hanging.url}/slow/0`, ['booking.confirmed']);
    for (let i = 1; i < 4; i++) {
      const res = await app.call('POST', '/v1/webhooks', {
        key: slow.key,
        body: { url: `${hanging.url}/slow/${i}`, events: ['booking.confirmed'] },
      });
      expect(res.status, res.text).toBe(201);
    }
    // 17 bookings × 4 webhooks: 68 attempts that hang, more than the worker's 64 slots.
    for (let i = 0; i < 17; i++) await book(app, slow, i);
    await hanging.waitFor(`${SHARE} open attempts`, () => hanging.received.length >= SHARE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hanging.received).toHaveLength(SHARE);

    const other = await orgWithWebhook(app, `${prompt.url}/other`, ['booking.confirmed']);
    const started = performance.now();
    const booking = await book(app, other, 0);
    await prompt.waitFor('a delivery to the other organization', () => prompt.received.length === 1, TIMEOUT_MS);
    const waited = performance.now() - started;
    expect(JSON.parse(prompt.received[0]!.body).data.id).toBe(booking.id);
    // Without a share the slow organization's attempts fill every slot until they time out.
    expect(waited).toBeLessThan(TIMEOUT_MS / 4);
    expect(hanging.received).toHaveLength(SHARE);
  }, 30_000);

  it("a claim takes at most each organization's room", async () => {
    // No worker: the test claims.
    const quiet = await startTestApp({ webhooks: { ...webhooks, inProcessWorker: false } });
    try {
      const a = await orgWithWebhook(quiet, 'http://127.0.0.1:9/a', ['booking.confirmed']);
      const b = await orgWithWebhook(quiet, 'http://127.0.0.1:9/b', ['booking.confirmed']);
      for (let i = 0; i < 12; i++) await book(quiet, a, i);
      for (let i = 0; i < 3; i++) await book(quiet, b, i);
      const db = quiet.database.store.db;
      const claim = (workerId: string, held: Record<string, number>) =>
        claimDeliveries(db, { workerId, now: new Date(), leaseMs: 60_000, limit: 32, share: { perGroup: 5, held } });
      const perOrganization = (claimed: Array<{ organizationId: string }>) => {
        const counts = new Map<string, number>();
        for (const d of claimed) counts.set(d.organizationId, (counts.get(d.organizationId) ?? 0) + 1);
        return counts;
      };

      const first = perOrganization(await claim('w1', {}));
      expect([...first.values()].sort()).toEqual([3, 5]);
      const busy = [...first].find(([, n]) => n === 5)![0];
      // Another worker whose attempts of that organization hold 4 of its 5: room for one more.
      expect([...perOrganization(await claim('w2', { [busy]: 4 }))]).toEqual([[busy, 1]]);
      // At its share, the organization is left out: nothing else is due.
      expect(await claim('w3', { [busy]: 5 })).toEqual([]);
      // A worker holding none of its attempts may take its whole share of the 6 left.
      expect((await claim('w4', {})).length).toBe(5);
    } finally {
      await quiet.close();
    }
  });
});
