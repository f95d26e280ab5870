import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { DeliveryWorker } from '../src/jobs/webhook-delivery/delivery-worker.js';
import type { WebhookRequest, WebhookSender } from '../src/jobs/webhook-delivery/send-webhook.js';
import { createLogger } from '../src/lib/logger.js';
import { startTestApp, type TestApp } from './test-app.js';
import { TEST_STORE } from './test-store.js';
import { book, eventually, orgWithWebhook } from './webhook-fixtures.js';

// The worker's claim/lease/record logic with an injected sender (no HTTP): the API writes
// the outbox, workers built here drain it. The app's own worker is off.

let app: TestApp;
let config: Config;
beforeAll(async () => {
  config = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_DELAYS: '100ms,100ms', DELIVERY_WORKER: 'off' });
  app = await startTestApp({ webhooks: config.webhooks });
});
afterAll(() => app.close());

const db = () => app.database.store.db;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function worker(sender: WebhookSender, extra: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {}) {
  return new DeliveryWorker({ db: db(), config, clock: () => new Date(), logger: createLogger('silent'), sender, ...extra });
}

/** A sender that records calls and answers after `delayMs`. */
function fakeSender(delayMs: number, status = 200) {
  const calls: { request: WebhookRequest; at: number }[] = [];
  let open = 0;
  const stats = { maxOpenPerDelivery: 0 };
  const openById = new Map<string, number>();
  const send: WebhookSender = async (request) => {
    const id = request.headers['X-Service-Delivery-Id']!;
    openById.set(id, (openById.get(id) ?? 0) + 1);
    stats.maxOpenPerDelivery = Math.max(stats.maxOpenPerDelivery, openById.get(id)!);
    open++;
    calls.push({ request, at: Date.now() });
    await sleep(delayMs);
    open--;
    openById.set(id, openById.get(id)! - 1);
    return { statusCode: status, error: null };
  };
  return { send, calls, stats, open: () => open };
}

async function outbox(count: number, path: string) {
  const org = await orgWithWebhook(app, `http://127.0.0.1:9/${path}`, ['booking.confirmed']);
  for (let i = 0; i < count; i++) await book(app, org, i);
  return org;
}

describe('DeliveryWorker', () => {
  it('two workers on one database send every delivery exactly once and never the same one at once', async () => {
    const org = await outbox(40, 'two-workers');
    const a = fakeSender(15);
    const b = fakeSender(15);
    const wa = worker(a.send, { workerId: 'worker-a' });
    const wb = worker(b.send, { workerId: 'worker-b' });
    await Promise.all([wa.start(), wb.start()]);
    await eventually(
      'all delivered',
      async () => (await db().delivery.count({ where: { webhookId: org.webhook.id, status: 'delivered' } })) === 40,
    );
    await Promise.all([wa.stop(), wb.stop()]);
    const ids = [...a.calls, ...b.calls].map((c) => c.request.headers['X-Service-Delivery-Id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect(Math.max(a.stats.maxOpenPerDelivery, b.stats.maxOpenPerDelivery)).toBe(1);
    expect(await db().deliveryAttempt.count({ where: { delivery: { webhookId: org.webhook.id } } })).toBe(40);
    console.info(`[two in-process workers] split: a=${a.calls.length}, b=${b.calls.length}`);
  });

  it('drops an attempt whose lease passed to someone else, and one whose webhook was deleted meanwhile', async () => {
    const org = await outbox(2, 'lease-lost');
    const [stolen, deleted] = await db().delivery.findMany({ where: { webhookId: org.webhook.id }, orderBy: { createdAt: 'asc' } });
    const slow = fakeSender(300);
    const w = worker(slow.send, { workerId: 'worker-slow' });
    await w.start();
    await eventually('both in flight', () => slow.calls.length === 2);
    await db().delivery.update({
      where: { organizationId_id: { organizationId: stolen!.organizationId, id: stolen!.id } },
      data: { lockedBy: 'someone-else' },
    });
    await w.stop();
    const after = await db().delivery.findUnique({
      where: { organizationId_id: { organizationId: stolen!.organizationId, id: stolen!.id } },
      include: { attempts: true },
    });
    expect(after).toMatchObject({ status: 'pending', attemptCount: 0, lockedBy: 'someone-else', attempts: [] });
    // The other one was recorded normally; now delete the webhook while a retry is in flight.
    const other = await db().delivery.findUnique({
      where: { organizationId_id: { organizationId: deleted!.organizationId, id: deleted!.id } },
    });
    expect(other).toMatchObject({ status: 'delivered', attemptCount: 1 });

    const org2 = await outbox(1, 'deleted-in-flight');
    const slow2 = fakeSender(300);
    const w2 = worker(slow2.send);
    await w2.start();
    await eventually('in flight', () => slow2.calls.length === 1);
    await app.call('DELETE', `/v1/webhooks/${org2.webhook.id}`, { key: org2.key });
    await w2.stop();
    expect(await db().deliveryAttempt.count({ where: { deliveryId: slow2.calls[0]!.request.headers['X-Service-Delivery-Id'] } })).toBe(0);
  });

  it('leaves a live lease alone, and releases leases at start only when told to (embedded store)', async () => {
    const org = await outbox(1, 'stale-lease');
    const until = new Date(Date.now() + 60_000);
    await db().delivery.updateMany({ where: { webhookId: org.webhook.id }, data: { lockedBy: 'killed-process', lockedUntil: until } });
    const first = fakeSender(0);
    const respectful = worker(first.send);
    await respectful.start();
    await sleep(800);
    await respectful.stop();
    expect(first.calls).toHaveLength(0);

    const second = fakeSender(0);
    const restarted = worker(second.send, { releaseLeasesAtStart: true });
    await restarted.start();
    const mine = () => second.calls.filter((c) => c.request.url.endsWith('/stale-lease'));
    await eventually('sent after the release', () => mine().length === 1);
    await restarted.stop();
    expect(mine()).toHaveLength(1);
  });

  it('stop() waits for the attempt in flight and records it', async () => {
    const org = await outbox(1, 'stop-waits');
    const slow = fakeSender(400, 200);
    const w = worker(slow.send);
    await w.start();
    await eventually('in flight', () => slow.calls.length === 1);
    await w.stop();
    expect(slow.open()).toBe(0);
    const [d] = await db().delivery.findMany({ where: { webhookId: org.webhook.id }, include: { attempts: true } });
    expect(d).toMatchObject({ status: 'delivered', attemptCount: 1, lockedBy: null });
    expect(d!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(395);
  });
});

describe.runIf(TEST_STORE === 'embedded')('DeliveryWorker on the embedded store', () => {
  it('skips a poll that cannot find anything (no query), and claims again after an outbox write or when a retry falls due', async () => {
    let claims = 0;
    const quiet = await startTestApp(
      { webhooks: config.webhooks },
      {},
      { onStatement: (sql) => void (/^\/\* bookkeeping \*\/[\s\S]*\bUPDATE deliveries d\b/.test(sql) && claims++) },
    );
    try {
      const failing = fakeSender(0, 500);
      const w = new DeliveryWorker({
        db: quiet.database.store.db,
        config,
        clock: () => new Date(),
        logger: createLogger('silent'),
        sender: failing.send,
        pollMs: 10,
        changes: quiet.database.store.changes!,
      });
      await w.start();
      await sleep(300);
      // About 30 polls, one claim: the first; nothing was written or due since.
      expect(claims).toBe(1);

      // A booking writes a delivery: the next poll claims it (no wake(): this worker is not the app's).
      const org = await orgWithWebhook(quiet, 'http://127.0.0.1:9/quiet', ['booking.confirmed']);
      await book(quiet, org, 0);
      await eventually('first attempt', () => failing.calls.length === 1);
      // Its retries (100 ms apart) are claimed when due, though nothing was written meanwhile.
      await eventually('three attempts', () => failing.calls.length === 3);
      await eventually(
        'failed for good',
        async () => (await quiet.database.store.db.delivery.findFirstOrThrow({ where: { webhookId: org.webhook.id } })).status === 'failed',
      );
      const settled = claims;
      await sleep(300);
      expect(claims).toBe(settled);
      await w.stop();
    } finally {
      await quiet.close();
    }
  });
});
