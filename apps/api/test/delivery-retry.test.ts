import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './test-app.js';
import { book, deliveriesOf, eventually, orgWithWebhook, type WebhookOrg } from './webhook-fixtures.js';
import { startReceiver, verifySignature, type Handler, type Receiver } from './webhook-receiver.js';

// POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry: one more attempt, now, through the
// same outbox the worker drains; same body, fresh signature, recorded in the log.

let app: TestApp;
let receiver: Receiver;
const handlers = new Map<string, Handler>();

beforeAll(async () => {
  receiver = await startReceiver((req, n) => (handlers.get(req.path) ?? (() => 200))(req, n));
  const { webhooks } = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_DELAYS: '100ms,100ms', WEBHOOK_TIMEOUT_MS: '500' });
  app = await startTestApp({ webhooks });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

async function setup(path: string, handler: Handler): Promise<WebhookOrg> {
  handlers.set(path, handler);
  return orgWithWebhook(app, `${receiver.url}${path}`, ['booking.confirmed']);
}

/** The organization's first delivery once `done` holds for it (polled until WAIT_MS). */
async function firstDelivery(
  org: WebhookOrg,
  label: string,
  done: (first: Awaited<ReturnType<typeof deliveriesOf>>[number] | undefined) => boolean | undefined,
) {
  const [first] = await eventually(
    label,
    async () => {
      const d = await deliveriesOf(app, org);
      return done(d[0]) && d;
    },
    WAIT_MS,
  );
  return first!;
}

const retry = (org: WebhookOrg, deliveryId: string, key = org.key, webhookId = org.webhook.id) =>
  app.call('POST', `/v1/webhooks/${webhookId}/deliveries/${deliveryId}/retry`, { key });

// Generous waits: CI machines are shared and slow; these tests check outcomes, not speed.
const WAIT_MS = 40_000;

describe('retrying a delivery', { timeout: 120_000 }, () => {
  it('re-sends a delivered event: same body, freshly signed, attempt 2 in the log', async () => {
    const org = await setup('/ok', () => 200);
    await book(app, org, 0);
    const delivered = await firstDelivery(org, 'delivered', (first) => first?.status === 'delivered');
    // One second later, so the fresh signature's timestamp can differ.
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await retry(org, delivered.id);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ id: delivered.id, status: 'pending', attempts: delivered.attempts });
    expect(res.body.next_attempt_at).toEqual(expect.any(String));

    await receiver.waitFor('the retried delivery', () => receiver.byPath('/ok').length === 2, WAIT_MS);
    const [first, again] = receiver.byPath('/ok');
    expect(again!.body).toBe(first!.body);
    expect(again!.deliveryId).toBe(delivered.id);
    verifySignature(again!.headers['x-service-signature'], again!.body, org.webhook.signing_secret);
    expect(again!.headers['x-service-signature']).not.toBe(first!.headers['x-service-signature']);

    const logged = await firstDelivery(org, 'recorded', (first) => first?.status === 'delivered' && first.attempts.length === 2);
    expect(logged.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 200],
      [2, 200],
    ]);
    expect(logged.next_attempt_at).toBeNull();
  });

  it('gives a failed delivery exactly one more attempt (4), failed again without automatic retries', async () => {
    const org = await setup('/down', () => 503);
    await book(app, org, 1);
    const failed = await firstDelivery(org, 'failed', (first) => first?.status === 'failed');
    expect(failed.attempts).toHaveLength(3);
    expect((await retry(org, failed.id)).status).toBe(202);
    const after = await firstDelivery(org, 'attempt 4 recorded', (first) => first?.status === 'failed' && first.attempts.length === 4);
    expect(after.attempts[3]).toMatchObject({ attempt: 4, status_code: 503 });
    await new Promise((r) => setTimeout(r, 800)); // several polls and retry delays
    expect(receiver.byPath('/down')).toHaveLength(4);
  });

  it('a manual retry of a delivered event that fails is one attempt: failed, never followed by automatic ones', async () => {
    // Answered on the first attempt, refused from then on.
    const org = await setup('/gone', (_req, same) => (same === 1 ? 200 : 503));
    await book(app, org, 3);
    const delivered = await firstDelivery(org, 'delivered', (first) => first?.status === 'delivered');
    expect((await retry(org, delivered.id)).status).toBe(202);
    const after = await firstDelivery(org, 'attempt 2 recorded', (first) => first?.attempts.length === 2 && first.status !== 'pending');
    expect(after).toMatchObject({ status: 'failed', next_attempt_at: null });
    expect(after.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 200],
      [2, 503],
    ]);
    await new Promise((r) => setTimeout(r, 800)); // several polls and retry delays
    expect(receiver.byPath('/gone')).toHaveLength(2);
    // And it may be retried again, by hand.
    expect((await retry(org, delivered.id)).status).toBe(202);
  });

  it("refuses a pending delivery (409 DELIVERY_PENDING) and another organization's ids (404)", async () => {
    // Each attempt takes 400 ms and fails: the delivery stays pending for well over a second
    // (three attempts and two 100 ms delays), and the retry is asked for at once.
    const org = await setup('/slow', () => ({ status: 500, delayMs: 400 }));
    await book(app, org, 2);
    const [pending] = await deliveriesOf(app, org);
    expect(pending!.status).toBe('pending');
    const early = await retry(org, pending!.id);
    expect([early.status, early.body.error.code]).toEqual([409, 'DELIVERY_PENDING']);
    expect(early.body.error.message).toContain('delivered or failed');
    const other = await app.createOrg('growth');
    const foreign = await retry(org, pending!.id, other.key);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const unknown = await retry(org, '00000000-0000-4000-8000-000000000000');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const notUuid = await retry(org, 'nope');
    expect([notUuid.status, notUuid.body.error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
