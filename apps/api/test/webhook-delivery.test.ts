import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestApp, type TestApp } from './test-app.js';
import { book, deliveriesOf, eventually, orgWithWebhook, type WebhookOrg } from './webhook-fixtures.js';
import { startReceiver, verifySignature, type Handler, type Receiver } from './webhook-receiver.js';

// Deliveries from the in-process worker to a real receiver on 127.0.0.1, with the retry
// delays and timeout shortened through the same environment variables an operator uses.
const RETRY_DELAYS = [300, 600] as const;
const TIMEOUT_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

let app: TestApp;
let receiver: Receiver;
/** The receiver's answer per path; each test registers its own path. */
const handlers = new Map<string, Handler>();

beforeAll(async () => {
  receiver = await startReceiver((req, n) => (handlers.get(req.path) ?? (() => 200))(req, n));
  const { webhooks } = loadConfig({
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_DELAYS: RETRY_DELAYS.map((d) => `${d}ms`).join(','),
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  app = await startTestApp({ webhooks });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

async function setup(path: string, handler: Handler = () => 200, events?: string[]): Promise<WebhookOrg> {
  handlers.set(path, handler);
  return orgWithWebhook(app, `${receiver.url}${path}`, events);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhook delivery', () => {
  it('POSTs the event body as stored, signed as documented, to a subscribed webhook', async () => {
    const org = await setup('/signed');
    const booking = await book(app, org, 0, { deal: { id: 42, tags: ['vip'] }, note: 'ünïcode' });
    await receiver.waitFor('the confirmed event', () => receiver.byPath('/signed').length === 1);
    const [req] = receiver.byPath('/signed');
    expect(req!.headers['content-type']).toBe('application/json');
    verifySignature(req!.headers['x-service-signature'], req!.body, org.webhook.signing_secret);
    expect(JSON.parse(req!.body)).toEqual({ event: 'booking.confirmed', created_at: expect.stringMatching(TIMESTAMP), data: booking });
    expect(JSON.parse(req!.body).data.metadata).toEqual({ deal: { id: 42, tags: ['vip'] }, note: 'ünïcode' });
    const [event] = await app.database.store.db.event.findMany({ where: { bookingId: booking.id } });
    expect(req!.body).toBe(event!.body);

    const cancelled = await app.call('DELETE', `/v1/bookings/${booking.id}`, { key: org.key });
    await receiver.waitFor('the cancelled event', () => receiver.byPath('/signed').length === 2);
    const second = receiver.byPath('/signed')[1]!;
    verifySignature(second.headers['x-service-signature'], second.body, org.webhook.signing_secret);
    expect(JSON.parse(second.body)).toEqual({
      event: 'booking.cancelled',
      created_at: expect.stringMatching(TIMESTAMP),
      data: cancelled.body,
    });

    const log = await eventually('both delivered', async () => {
      const d = await deliveriesOf(app, org);
      return d.every((x) => x.status === 'delivered') && d.length === 2 && d;
    });
    expect(log.map((d) => d.event)).toEqual(['booking.cancelled', 'booking.confirmed']);
    expect(log.map((d) => d.id)).toEqual([second.deliveryId, req!.deliveryId]);
    expect(req!.deliveryId).toMatch(UUID);
  });

  it('sends each webhook only the events it registered for', async () => {
    handlers.set('/only-cancelled', () => 200);
    handlers.set('/only-confirmed', () => 200);
    const org = await setup('/only-confirmed', () => 200, ['booking.confirmed']);
    const cancelledOnly = await app.call('POST', '/v1/webhooks', {
      key: org.key,
      body: { url: `${receiver.url}/only-cancelled`, events: ['booking.cancelled'] },
    });
    const booking = await book(app, org, 0);
    await receiver.waitFor('the confirmed event', () => receiver.byPath('/only-confirmed').length === 1);
    await sleep(700); // longer than a poll: anything else due would have been sent
    expect(receiver.byPath('/only-cancelled')).toHaveLength(0);
    expect(await deliveriesOf(app, org, cancelledOnly.body.id)).toEqual([]);

    await app.call('DELETE', `/v1/bookings/${booking.id}`, { key: org.key });
    await receiver.waitFor('the cancelled event', () => receiver.byPath('/only-cancelled').length === 1);
    await sleep(700);
    expect(JSON.parse(receiver.byPath('/only-cancelled')[0]!.body).event).toBe('booking.cancelled');
    expect(receiver.byPath('/only-confirmed')).toHaveLength(1);
  });

  it('tries a failing endpoint exactly 3 times at the configured spacing, same bytes, fresh signatures, then fails', async () => {
    const org = await setup('/always-500', () => 500);
    await book(app, org, 0);
    const log = await eventually('the delivery to fail', async () => {
      const [d] = await deliveriesOf(app, org);
      return d?.status === 'failed' && d;
    });
    const seen = receiver.byPath('/always-500');
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((r) => r.deliveryId)).size).toBe(1);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS[0]);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(RETRY_DELAYS[1]);
    // ...and not much later: a poll interval (500 ms) plus slack.
    expect(seen[1]!.at - seen[0]!.at).toBeLessThan(RETRY_DELAYS[0] + 1_500);
    expect(seen[2]!.at - seen[1]!.at).toBeLessThan(RETRY_DELAYS[1] + 1_500);
    for (const r of seen) {
      expect(r.body).toBe(seen[0]!.body);
      const t = verifySignature(r.headers['x-service-signature'], r.body, org.webhook.signing_secret);
      // Signed afresh at each attempt, not once at the event: t is the second it was sent in.
      expect(Math.abs(r.at / 1000 - t)).toBeLessThanOrEqual(1.5);
    }
    expect(log.attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, null],
      [2, 500, null],
      [3, 500, null],
    ]);
    expect(log.next_attempt_at).toBeNull();
    await sleep(RETRY_DELAYS[1] + 700);
    expect(receiver.byPath('/always-500')).toHaveLength(3);
  });

  it('is delivered by the second attempt after a 500, and stops there', async () => {
    const org = await setup('/flaky', (_req, n) => (n === 1 ? 500 : 200));
    await book(app, org, 0);
    const [d] = await eventually('delivered', async () => {
      const log = await deliveriesOf(app, org);
      return log[0]?.status === 'delivered' && log;
    });
    expect(d!.attempts.map((a) => a.status_code)).toEqual([500, 200]);
    expect(d!.next_attempt_at).toBeNull();
    await sleep(RETRY_DELAYS[1] + 700);
    expect(receiver.byPath('/flaky')).toHaveLength(2);
  });

  it('counts an answer slower than WEBHOOK_TIMEOUT_MS as a failure and records why', async () => {
    const org = await setup('/hang', () => 'hang');
    await book(app, org, 0);
    const log = await eventually(
      'the timeouts to exhaust the attempts',
      async () => {
        const [d] = await deliveriesOf(app, org);
        return d?.status === 'failed' && d;
      },
      20_000,
    );
    expect(log.attempts).toHaveLength(3);
    for (const a of log.attempts) {
      expect(a).toMatchObject({ status_code: null, error: `timed out after ${TIMEOUT_MS} ms` });
      expect(a.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      expect(a.duration_ms).toBeLessThan(TIMEOUT_MS + 1_000);
    }
  });

  it('does not follow a redirect: a 302 is a failed attempt', async () => {
    handlers.set('/moved-here', () => 200);
    const org = await setup('/redirect', () => ({ status: 302, headers: { location: `${receiver.url}/moved-here` } }));
    await book(app, org, 0);
    const d = await eventually('the first attempt', async () => {
      const [x] = await deliveriesOf(app, org);
      return x && x.attempts.length >= 1 && x;
    });
    expect(d.attempts[0]).toMatchObject({ attempt: 1, status_code: 302, error: 'redirect not followed' });
    expect(['pending', 'failed']).toContain(d.status);
    expect(receiver.byPath('/moved-here')).toHaveLength(0);
  });

  it('stops pending retries when the webhook is deleted', async () => {
    const org = await setup('/deleted', () => 500);
    await book(app, org, 0);
    await eventually('the first attempt recorded', async () => (await deliveriesOf(app, org))[0]?.attempts.length === 1);
    expect((await app.call('DELETE', `/v1/webhooks/${org.webhook.id}`, { key: org.key })).status).toBe(204);
    await sleep(RETRY_DELAYS[0] + RETRY_DELAYS[1] + 1_200);
    expect(receiver.byPath('/deleted')).toHaveLength(1);
    expect(await app.database.store.db.delivery.count({ where: { webhookId: org.webhook.id } })).toBe(0);
  });

  it('lists deliveries newest first with attempts, paged by cursor', async () => {
    const org = await setup('/paged');
    const bookings = [];
    for (let i = 0; i < 3; i++) bookings.push(await book(app, org, i));
    await eventually('3 delivered', async () => (await deliveriesOf(app, org)).filter((d) => d.status === 'delivered').length === 3);
    const first = await app.call('GET', `/v1/webhooks/${org.webhook.id}/deliveries?limit=2`, { key: org.key });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]).toEqual({
      id: expect.stringMatching(UUID),
      webhook_id: org.webhook.id,
      event: 'booking.confirmed',
      booking_id: bookings[2].id,
      status: 'delivered',
      attempts: [
        { attempt: 1, attempted_at: expect.stringMatching(TIMESTAMP), status_code: 200, error: null, duration_ms: expect.any(Number) },
      ],
      next_attempt_at: null,
      created_at: expect.stringMatching(TIMESTAMP),
    });
    const second = await app.call('GET', `/v1/webhooks/${org.webhook.id}/deliveries?limit=2&cursor=${first.body.next_cursor}`, {
      key: org.key,
    });
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((d: { booking_id: string }) => d.booking_id)).toEqual(
      bookings.map((b) => b.id).reverse(),
    );
  });

  it('shows a pending retry with its next_attempt_at', async () => {
    const org = await setup('/pending', () => 503);
    await book(app, org, 0);
    const d = await eventually('the first failure', async () => {
      const [x] = await deliveriesOf(app, org);
      return x?.attempts.length === 1 && x;
    });
    expect(d.status).toBe('pending');
    expect(d.next_attempt_at).toMatch(TIMESTAMP);
    expect(Date.parse(d.next_attempt_at!)).toBeGreaterThanOrEqual(Date.parse(d.attempts[0]!.attempted_at));
  });
});
