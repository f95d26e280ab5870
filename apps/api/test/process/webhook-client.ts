import { slotAt } from '../webhook-fixtures.js';

/** Just enough of the API, over fetch, to drive a spawned server through webhook scenarios. */
export function apiClient(baseUrl: string, adminToken: string) {
  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  };
  const expectStatus = async (status: number, p: ReturnType<typeof call>) => {
    const res = await p;
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
    return res.body;
  };
  return {
    baseUrl,
    call,
    /** A Growth org with a UTC human and one webhook for booking.confirmed at `hookUrl`. */
    async orgWithWebhook(hookUrl: string) {
      const org = await expectStatus(
        201,
        call('POST', '/admin/v1/organizations', adminToken, { name: 'Durable', plan: 'growth', auto_purchase: false }),
      );
      const key = org.api_key as string;
      const human = await expectStatus(
        201,
        call('POST', '/v1/humans', key, {
          name: 'Ada',
          timezone: 'UTC',
          availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
        }),
      );
      const webhook = await expectStatus(201, call('POST', '/v1/webhooks', key, { url: hookUrl, events: ['booking.confirmed'] }));
      return { key, humanId: human.id as string, webhookId: webhook.id as string, secret: webhook.signing_secret as string };
    },
    async book(key: string, humanId: string, i: number): Promise<{ id: string }> {
      return expectStatus(
        201,
        call('POST', '/v1/bookings', key, { human_id: humanId, starts_at: slotAt(i), duration: 30, attendee_name: 'Ada' }),
      );
    },
    async deliveries(key: string, webhookId: string) {
      const body = await expectStatus(200, call('GET', `/v1/webhooks/${webhookId}/deliveries?limit=100`, key));
      return body.data as Array<{
        id: string;
        status: string;
        booking_id: string;
        attempts: Array<{ attempt: number; status_code: number | null; error: string | null }>;
      }>;
    },
  };
}
