import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  API_KEY,
  BOOKING_ID,
  HUMAN_ID,
  OVERRIDE_ID,
  WEBHOOK_ID,
  booking,
  human,
  recordRequests,
  testClient,
  useMockApi,
  type RecordedRequest,
} from '../test-support/mock-api.js';
import type {
  Availability,
  Booking,
  CreatedBooking,
  Human,
  Override,
  Page,
  SlotsResponse,
  Usage,
  Webhook,
  WebhookDelivery,
  WebhookWithSecret,
} from '../types.js';

const server = useMockApi();
const client = testClient();

/** Answers every request with `body` and `status`, and returns the recorded requests. */
function answer(body: unknown, status = 200): RecordedRequest[] {
  return recordRequests(server, () => (body === undefined ? new Response(null, { status }) : Response.json(body, { status })));
}

function only(calls: RecordedRequest[]): RecordedRequest {
  expect(calls).toHaveLength(1);
  const call = calls[0]!;
  expect(call.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  return call;
}

const availability = human.availability_rules;
const override = {
  id: OVERRIDE_ID,
  human_id: HUMAN_ID,
  kind: 'block',
  start_date: '2026-12-24',
  end_date: '2026-12-26',
  start_time: null,
  end_time: null,
  weekdays: null,
  reason: 'Holidays',
  created_at: '2026-11-01T10:00:00Z',
};
const webhook = { id: WEBHOOK_ID, url: 'https://example.com/hook', events: ['booking.confirmed'], created_at: '2026-11-01T10:00:00Z' };
const delivery = {
  id: '6f1c2d3e-0000-4000-8000-0000000000d1',
  webhook_id: WEBHOOK_ID,
  event: 'booking.confirmed',
  booking_id: BOOKING_ID,
  status: 'delivered',
  attempts: [{ attempt: 1, attempted_at: '2026-11-20T10:00:01Z', status_code: 204, error: null, duration_ms: 80 }],
  next_attempt_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

describe('humans', () => {
  it('create: POST /v1/humans with the JSON body, resolves to the human', async () => {
    const calls = answer(human, 201);
    const result = await client.humans.create({ name: 'Ada Lovelace', timezone: 'Europe/London', role: 'Advisor' });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url.pathname).toBe('/v1/humans');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.body).toEqual({ name: 'Ada Lovelace', timezone: 'Europe/London', role: 'Advisor' });
    expect(call.headers.get('idempotency-key')).toBeNull();
    expect(result).toEqual(human);
    expectTypeOf(result).toEqualTypeOf<Human>();
  });

  it('list: GET /v1/humans with limit and cursor, resolves to one page', async () => {
    const calls = answer({ data: [human], next_cursor: 'c2' });
    const page = await client.humans.list({ limit: 10, cursor: 'c1' });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url.pathname).toBe('/v1/humans');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ limit: '10', cursor: 'c1' });
    expect(call.body).toBeUndefined();
    expect(page).toEqual({ data: [human], next_cursor: 'c2' });
    expectTypeOf(page).toEqualTypeOf<Page<Human>>();
  });

  it('list without params sends no query', async () => {
    const calls = answer({ data: [], next_cursor: null });
    await client.humans.list();
    expect(only(calls).url.search).toBe('');
  });

  it('get: GET /v1/humans/{human_id}', async () => {
    const calls = answer(human);
    const result = await client.humans.get(HUMAN_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', `/v1/humans/${HUMAN_ID}`]);
    expectTypeOf(result).toEqualTypeOf<Human>();
  });

  it('update: PATCH /v1/humans/{human_id} with only the fields given (null kept)', async () => {
    const calls = answer({ ...human, role: null, name: 'Ada King' });
    const result = await client.humans.update(HUMAN_ID, { name: 'Ada King', role: null });
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['PATCH', `/v1/humans/${HUMAN_ID}`]);
    expect(call.body).toEqual({ name: 'Ada King', role: null });
    expect(result.name).toBe('Ada King');
    expectTypeOf(result).toEqualTypeOf<Human>();
  });

  it('delete: DELETE /v1/humans/{human_id} without a body, 204 resolves to undefined', async () => {
    const calls = answer(undefined, 204);
    const result = await client.humans.delete(HUMAN_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['DELETE', `/v1/humans/${HUMAN_ID}`]);
    expect(call.body).toBeUndefined();
    expect(result).toBeUndefined();
    expectTypeOf(result).toEqualTypeOf<void>();
  });

  it('getAvailability: GET /v1/humans/{human_id}/availability', async () => {
    const calls = answer(availability);
    const result = await client.humans.getAvailability(HUMAN_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', `/v1/humans/${HUMAN_ID}/availability`]);
    expect(result).toEqual(availability);
    expectTypeOf(result).toEqualTypeOf<Availability>();
  });

  it('setAvailability: PUT /v1/humans/{human_id}/availability with the schedule', async () => {
    const schedule = { working_days: [1, 3], work_start: '10:00', work_end: '12:00', meeting_durations: [30, 60] };
    const calls = answer(schedule);
    const result = await client.humans.setAvailability(HUMAN_ID, schedule);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['PUT', `/v1/humans/${HUMAN_ID}/availability`]);
    expect(call.body).toEqual(schedule);
    expectTypeOf(result).toEqualTypeOf<Availability>();
  });

  it('slots: GET /v1/humans/{human_id}/slots with date_from, date_to, duration', async () => {
    const slots = {
      slots: [{ starts_at: '2026-12-01T09:00:00Z', ends_at: '2026-12-01T09:30:00Z' }],
      timezone: 'Europe/London',
      duration: 30,
    };
    const calls = answer(slots);
    const result = await client.humans.slots(HUMAN_ID, { date_from: '2026-12-01', date_to: '2026-12-02', duration: 30 });
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', `/v1/humans/${HUMAN_ID}/slots`]);
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ date_from: '2026-12-01', date_to: '2026-12-02', duration: '30' });
    expect(result).toEqual(slots);
    expectTypeOf(result).toEqualTypeOf<SlotsResponse>();
  });

  it('encodes path ids and refuses empty ones instead of calling another route', async () => {
    const calls = answer(human);
    await client.humans.get('a/../b');
    expect(only(calls).url.pathname).toBe('/v1/humans/a%2F..%2Fb');
    await expect(client.humans.get('')).rejects.toThrow(/humanId must be a non-empty string/);
    await expect(client.overrides.list('')).rejects.toThrow(/humanId must be a non-empty string/);
    expect(calls).toHaveLength(1);
  });
});

describe('overrides', () => {
  it('create: POST /v1/humans/{human_id}/overrides', async () => {
    const calls = answer(override, 201);
    const body = { kind: 'block', start_date: '2026-12-24', end_date: '2026-12-26', reason: 'Holidays' } as const;
    const result = await client.overrides.create(HUMAN_ID, body);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['POST', `/v1/humans/${HUMAN_ID}/overrides`]);
    expect(call.body).toEqual(body);
    expectTypeOf(result).toEqualTypeOf<Override>();
  });

  it('list: GET /v1/humans/{human_id}/overrides with paging', async () => {
    const calls = answer({ data: [override], next_cursor: null });
    const page = await client.overrides.list(HUMAN_ID, { limit: 5 });
    const call = only(calls);
    expect([call.method, call.url.pathname, call.url.search]).toEqual(['GET', `/v1/humans/${HUMAN_ID}/overrides`, '?limit=5']);
    expect(page.data).toEqual([override]);
    expectTypeOf(page).toEqualTypeOf<Page<Override>>();
  });

  it('delete: DELETE /v1/humans/{human_id}/overrides/{override_id}', async () => {
    const calls = answer(undefined, 204);
    const result = await client.overrides.delete(HUMAN_ID, OVERRIDE_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['DELETE', `/v1/humans/${HUMAN_ID}/overrides/${OVERRIDE_ID}`]);
    expect(result).toBeUndefined();
  });
});

describe('bookings', () => {
  it('create: POST /v1/bookings with the body and an automatic UUID Idempotency-Key', async () => {
    const calls = answer(booking(), 201);
    const body = {
      human_id: HUMAN_ID,
      starts_at: '2026-12-01T09:00:00Z',
      duration: 30,
      attendee_name: 'Agent Smith',
      metadata: { ticket: 'T-1' },
    };
    const result = await client.bookings.create(body);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['POST', '/v1/bookings']);
    expect(call.body).toEqual(body);
    expect(call.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result).toEqual(booking());
    expectTypeOf(result).toEqualTypeOf<CreatedBooking>();
  });

  it('create: a new key per call', async () => {
    const calls = answer(booking(), 201);
    const body = { human_id: HUMAN_ID, starts_at: '2026-12-01T09:00:00Z', duration: 30, attendee_name: 'A' };
    await client.bookings.create(body);
    await client.bookings.create(body);
    expect(calls[0]!.headers.get('idempotency-key')).not.toBe(calls[1]!.headers.get('idempotency-key'));
  });

  it('create: uses the caller-supplied Idempotency-Key', async () => {
    const calls = answer(booking(), 201);
    await client.bookings.create(
      { human_id: HUMAN_ID, starts_at: '2026-12-01T09:00:00Z', duration: 30, attendee_name: 'A' },
      { idempotencyKey: 'order-42' },
    );
    expect(only(calls).headers.get('idempotency-key')).toBe('order-42');
  });

  it('get: GET /v1/bookings/{booking_id}', async () => {
    const calls = answer(booking());
    const result = await client.bookings.get(BOOKING_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', `/v1/bookings/${BOOKING_ID}`]);
    expectTypeOf(result).toEqualTypeOf<Booking>();
  });

  it('list: GET /v1/bookings with filters', async () => {
    const calls = answer({ data: [booking()], next_cursor: null });
    const page = await client.bookings.list({
      human_id: HUMAN_ID,
      status: 'confirmed',
      starts_after: '2026-12-01T00:00:00Z',
      starts_before: '2026-12-08T00:00:00Z',
      limit: 20,
    });
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', '/v1/bookings']);
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      human_id: HUMAN_ID,
      status: 'confirmed',
      starts_after: '2026-12-01T00:00:00Z',
      starts_before: '2026-12-08T00:00:00Z',
      limit: '20',
    });
    expectTypeOf(page).toEqualTypeOf<Page<Booking>>();
  });

  it('cancel: DELETE /v1/bookings/{booking_id}, resolves to the cancelled booking', async () => {
    const cancelled = booking({ status: 'cancelled', cancelled_at: '2026-11-21T10:00:00Z' });
    const calls = answer(cancelled);
    const result = await client.bookings.cancel(BOOKING_ID);
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['DELETE', `/v1/bookings/${BOOKING_ID}`]);
    expect(call.body).toBeUndefined();
    expect(result.status).toBe('cancelled');
    expectTypeOf(result).toEqualTypeOf<Booking>();
  });
});

describe('webhooks', () => {
  it('create: POST /v1/webhooks, resolves with the signing secret', async () => {
    const created = { ...webhook, signing_secret: 'whsec_abc' };
    const calls = answer(created, 201);
    const result = await client.webhooks.create({ url: 'https://example.com/hook', events: ['booking.confirmed'] });
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['POST', '/v1/webhooks']);
    expect(call.body).toEqual({ url: 'https://example.com/hook', events: ['booking.confirmed'] });
    expect(result.signing_secret).toBe('whsec_abc');
    expectTypeOf(result).toEqualTypeOf<WebhookWithSecret>();
  });

  it('list: GET /v1/webhooks', async () => {
    const calls = answer({ data: [webhook], next_cursor: null });
    const page = await client.webhooks.list({ limit: 2 });
    const call = only(calls);
    expect([call.method, call.url.pathname, call.url.search]).toEqual(['GET', '/v1/webhooks', '?limit=2']);
    expectTypeOf(page).toEqualTypeOf<Page<Webhook>>();
  });

  it('delete: DELETE /v1/webhooks/{webhook_id}', async () => {
    const calls = answer(undefined, 204);
    await expect(client.webhooks.delete(WEBHOOK_ID)).resolves.toBeUndefined();
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['DELETE', `/v1/webhooks/${WEBHOOK_ID}`]);
  });

  it('deliveries: GET /v1/webhooks/{webhook_id}/deliveries', async () => {
    const calls = answer({ data: [delivery], next_cursor: null });
    const page = await client.webhooks.deliveries(WEBHOOK_ID, { limit: 3 });
    const call = only(calls);
    expect([call.method, call.url.pathname, call.url.search]).toEqual(['GET', `/v1/webhooks/${WEBHOOK_ID}/deliveries`, '?limit=3']);
    expect(page.data).toEqual([delivery]);
    expectTypeOf(page).toEqualTypeOf<Page<WebhookDelivery>>();
  });
});

describe('usage', () => {
  it('get: GET /v1/usage', async () => {
    const usage = {
      plan: 'starter',
      period_start: '2026-11-01T00:00:00Z',
      period_end: '2026-12-01T00:00:00Z',
      quota: 1000,
      used: 12,
      overage_packs: 0,
      auto_purchase: true,
    };
    const calls = answer(usage);
    const result = await client.usage.get();
    const call = only(calls);
    expect([call.method, call.url.pathname]).toEqual(['GET', '/v1/usage']);
    expect(result).toEqual(usage);
    expectTypeOf(result).toEqualTypeOf<Usage>();
  });
});

describe('client construction', () => {
  it('keeps a base path and drops a trailing slash', async () => {
    const calls = answer({ plan: 'free' });
    await testClient({ baseUrl: 'https://api.humantime.test/' }).usage.get();
    expect(only(calls).url.href).toBe('https://api.humantime.test/v1/usage');
  });

  it('refuses a missing apiKey or a relative baseUrl', () => {
    expect(() => testClient({ apiKey: '' })).toThrow(/apiKey is required/);
    expect(() => testClient({ baseUrl: '/api' })).toThrow(/baseUrl must be an absolute URL/);
    expect(() => testClient({ timeoutMs: 0 })).toThrow(/timeoutMs must be a number >= 1/);
    expect(() => testClient({ maxRetries: -1 })).toThrow(/maxRetries must be a number >= 0/);
  });

  it('uses a custom fetch when given', async () => {
    const seen: string[] = [];
    const custom = testClient({
      fetch: async (input, init) => {
        seen.push(`${init?.method} ${input instanceof Request ? input.url : String(input)}`);
        return Response.json({ data: [], next_cursor: null });
      },
    });
    await custom.webhooks.list();
    expect(seen).toEqual(['GET https://api.humantime.test/v1/webhooks']);
  });
});
