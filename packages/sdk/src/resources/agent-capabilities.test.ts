import { describe, expect, expectTypeOf, it } from 'vitest';
import { DeliveryPendingError, NotFoundError } from '../errors/api-errors.js';
import {
  API_KEY,
  BOOKING_ID,
  HUMAN_ID,
  WEBHOOK_ID,
  booking,
  envelope,
  recordRequests,
  testClient,
  useMockApi,
} from '../test-support/mock-api.js';
import type { CheckResult, Event, EventsPage, TimeContext, WebhookDelivery } from '../types.js';

// humans.check, humans.time, events.list and webhooks.retryDelivery against the mock API.

const server = useMockApi();
const client = testClient();
const DELIVERY_ID = '6f1c2d3e-0000-4000-8000-0000000000d1';

const event = (n: number): Event => ({
  id: `6f1c2d3e-0000-4000-8000-0000000000e${n}`,
  event: 'booking.confirmed',
  created_at: '2026-11-20T10:00:00Z',
  data: booking() as Event['data'],
});

describe('humans.check', () => {
  it('GET /v1/humans/{id}/check with starts_at and duration, resolves to the verdict', async () => {
    const verdict = {
      bookable: false,
      code: 'SLOT_UNAVAILABLE',
      message: 'taken',
      alternatives: [{ starts_at: '2026-12-01T09:30:00Z', ends_at: '2026-12-01T10:00:00Z' }],
    };
    const calls = recordRequests(server, () => Response.json(verdict));
    const result = await client.humans.check(HUMAN_ID, { starts_at: '2026-12-01T10:00:00+01:00', duration: 30 });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect([call.method, call.url.pathname]).toEqual(['GET', `/v1/humans/${HUMAN_ID}/check`]);
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ starts_at: '2026-12-01T10:00:00+01:00', duration: '30' });
    expect(call.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(result).toEqual(verdict);
    expectTypeOf(result).toEqualTypeOf<CheckResult>();
  });
});

describe('humans.time', () => {
  const context: TimeContext = {
    now: '2026-11-24T14:04:37Z',
    timezone: 'Europe/Berlin',
    utc_offset: '+01:00',
    local: 'Tue 2026-11-24 15:04 Europe/Berlin (+01:00)',
    next_offset_change: { at: '2027-03-28T01:00:00Z', from: '+01:00', to: '+02:00' },
    open_now: true,
    next_open_at: '2026-11-25T08:00:00Z',
  };

  it('GET /v1/humans/{id}/time, resolves to the time context', async () => {
    const calls = recordRequests(server, () => Response.json(context));
    const result = await client.humans.time(HUMAN_ID);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect([call.method, call.url.pathname, call.url.search, call.body]).toEqual(['GET', `/v1/humans/${HUMAN_ID}/time`, '', undefined]);
    expect(call.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(result).toEqual(context);
    expectTypeOf(result).toEqualTypeOf<TimeContext>();
  });

  it('is retried after a 5xx like every read, and throws NotFoundError for an unknown human', async () => {
    const calls = recordRequests(server, (_, attempt) =>
      attempt === 1 ? envelope('INTERNAL_ERROR', 500) : Response.json({ ...context, next_offset_change: null }),
    );
    expect((await client.humans.time(HUMAN_ID)).next_offset_change).toBeNull();
    expect(calls).toHaveLength(2);
    server.resetHandlers();
    const missing = recordRequests(server, () => envelope('NOT_FOUND', 404, 'Human not found.'));
    await expect(client.humans.time(HUMAN_ID)).rejects.toBeInstanceOf(NotFoundError);
    expect(missing).toHaveLength(1);
  });
});

describe('events.list', () => {
  it('awaited: one page of GET /v1/events with after and limit', async () => {
    const calls = recordRequests(server, () => Response.json({ data: [event(1)], next_cursor: null }));
    const page = await client.events.list({ after: BOOKING_ID, limit: 10 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/v1/events');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ after: BOOKING_ID, limit: '10' });
    expect(page.data).toEqual([event(1)]);
    expectTypeOf(page).toEqualTypeOf<EventsPage>();
  });

  it('iterated: follows next_cursor as `after` until caught up (null), oldest first', async () => {
    const pages: Record<string, { data: Event[]; next_cursor: string | null }> = {
      start: { data: [event(1), event(2)], next_cursor: event(2).id },
      [event(2).id]: { data: [event(3)], next_cursor: null },
    };
    const calls = recordRequests(server, (request) => Response.json(pages[new URL(request.url).searchParams.get('after') ?? 'start']));
    const seen: string[] = [];
    for await (const e of client.events.list({ limit: 2 })) seen.push(e.id);
    expect(seen).toEqual([event(1).id, event(2).id, event(3).id]);
    expect(calls.map((c) => c.url.searchParams.get('after'))).toEqual([null, event(2).id]);
    expect(calls.every((c) => c.url.searchParams.get('limit') === '2')).toBe(true);
  });
});

describe('webhooks.retryDelivery', () => {
  const delivery: WebhookDelivery = {
    id: DELIVERY_ID,
    webhook_id: WEBHOOK_ID,
    event: 'booking.confirmed',
    booking_id: BOOKING_ID,
    status: 'pending',
    attempts: [{ attempt: 1, attempted_at: '2026-11-20T10:00:01Z', status_code: 500, error: null, duration_ms: 80 }],
    next_attempt_at: '2026-11-20T11:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
  };

  it('POST .../deliveries/{id}/retry without a body, 202 resolves to the delivery', async () => {
    const calls = recordRequests(server, () => Response.json(delivery, { status: 202 }));
    const result = await client.webhooks.retryDelivery(WEBHOOK_ID, DELIVERY_ID);
    expect(calls).toHaveLength(1);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['POST', `/v1/webhooks/${WEBHOOK_ID}/deliveries/${DELIVERY_ID}/retry`]);
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(delivery);
    expectTypeOf(result).toEqualTypeOf<WebhookDelivery>();
  });

  it('409 DELIVERY_PENDING rejects with DeliveryPendingError and is not retried', async () => {
    const calls = recordRequests(server, () => envelope('DELIVERY_PENDING', 409));
    const error = await client.webhooks.retryDelivery(WEBHOOK_ID, DELIVERY_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeliveryPendingError);
    expect(calls).toHaveLength(1);
  });

  it('rejects an empty delivery id before any request', async () => {
    const calls = recordRequests(server, () => Response.json(delivery, { status: 202 }));
    await expect(client.webhooks.retryDelivery(WEBHOOK_ID, '')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });
});
