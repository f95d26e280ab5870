import { createUtcHuman, MONDAY } from './booking-fixtures.js';
import type { TestApp } from './test-app.js';

/** The i-th free 30-minute slot of a fresh UTC human: 16 a day from MONDAY 09:00 on. */
export function slotAt(i: number): string {
  const day = new Date(`${MONDAY}T09:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(i / 16));
  return new Date(day.getTime() + (i % 16) * 30 * 60_000).toISOString().replace('.000Z', 'Z');
}

export interface WebhookOrg {
  key: string;
  humanId: string;
  webhook: { id: string; url: string; signing_secret: string };
}

/** A Growth organization with one human and one webhook at `url`. */
export async function orgWithWebhook(app: TestApp, url: string, events = ['booking.confirmed', 'booking.cancelled']): Promise<WebhookOrg> {
  const { key } = await app.createOrg('growth');
  const humanId = await createUtcHuman(app, key);
  const res = await app.call('POST', '/v1/webhooks', { key, body: { url, events } });
  if (res.status !== 201) throw new Error(`register webhook: ${res.status} ${res.text}`);
  return { key, humanId, webhook: res.body };
}

export async function book(app: TestApp, org: WebhookOrg, i: number, metadata: Record<string, unknown> = {}) {
  const res = await app.call('POST', '/v1/bookings', {
    key: org.key,
    body: { human_id: org.humanId, starts_at: slotAt(i), duration: 30, attendee_name: 'Ada', metadata },
  });
  if (res.status !== 201) throw new Error(`book: ${res.status} ${res.text}`);
  return res.body;
}

/** The webhook's deliveries log (first page, up to 100). */
export async function deliveriesOf(app: TestApp, org: WebhookOrg, webhookId = org.webhook.id) {
  const res = await app.call('GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`, { key: org.key });
  if (res.status !== 200) throw new Error(`deliveries: ${res.status} ${res.text}`);
  return res.body.data as Array<{
    id: string;
    status: string;
    event: string;
    booking_id: string;
    next_attempt_at: string | null;
    attempts: Array<{ attempt: number; status_code: number | null; error: string | null; duration_ms: number; attempted_at: string }>;
  }>;
}

/** Polls `check` every 25 ms until it returns something truthy. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
