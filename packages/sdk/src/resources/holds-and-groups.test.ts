import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, SlotUnavailableError } from '../index.js';
import { BOOKING_ID, HUMAN_ID, booking, envelope, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { Booking, CreatedBooking, GroupSlotsResponse, Hold } from '../types.js';

// holds, slots.forHumans, bookings.create with human_ids and bookFirstAvailable for several
// humans against the mock API.

const server = useMockApi();
const client = testClient();
const HOLD_ID = '6f1c2d3e-0000-4000-8000-0000000000f1';
const OTHER_ID = '6f1c2d3e-0000-4000-8000-000000000002';
const hold: Hold = {
  id: HOLD_ID,
  human_id: HUMAN_ID,
  starts_at: '2026-12-01T09:00:00Z',
  ends_at: '2026-12-01T09:30:00Z',
  duration_minutes: 30,
  expires_at: '2026-11-20T10:05:00Z',
  created_at: '2026-11-20T10:00:00Z',
};

describe('holds', () => {
  it('create: POST /v1/holds with the body and an Idempotency-Key, the same on a retry; resolves to the hold', async () => {
    let n = 0;
    const calls = recordRequests(server, () => (++n === 1 ? envelope('INTERNAL_ERROR', 503) : Response.json(hold, { status: 201 })));
    const body = { human_id: HUMAN_ID, starts_at: '2026-12-01T09:00:00Z', duration: 30, ttl_seconds: 600 };
    const result = await client.holds.create(body);
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/v1/holds', body],
      ['POST', '/v1/holds', body],
    ]);
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(result).toEqual(hold);
    expectTypeOf(result).toEqualTypeOf<Hold>();
    server.resetHandlers();
    const mine = recordRequests(server, () => Response.json(hold, { status: 201 }));
    await client.holds.create(body, { idempotencyKey: 'ask-ada-7' });
    expect(mine[0]!.headers.get('idempotency-key')).toBe('ask-ada-7');
  });

  it('get and release: GET and DELETE /v1/holds/{id}; a gone hold is NotFoundError', async () => {
    let calls = recordRequests(server, () => Response.json(hold));
    expect(await client.holds.get(HOLD_ID)).toEqual(hold);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['GET', `/v1/holds/${HOLD_ID}`]);
    server.resetHandlers();
    calls = recordRequests(server, () => new Response(null, { status: 204 }));
    await expect(client.holds.release(HOLD_ID)).resolves.toBeUndefined();
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['DELETE', `/v1/holds/${HOLD_ID}`]);
    server.resetHandlers();
    recordRequests(server, () => envelope('NOT_FOUND', 404));
    await expect(client.holds.get(HOLD_ID)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('confirm: POSTs the attendee with an Idempotency-Key, the same on a retry, and resolves to the booking', async () => {
    let n = 0;
    const calls = recordRequests(server, () => (++n === 1 ? envelope('INTERNAL_ERROR', 503) : Response.json(booking(), { status: 201 })));
    const result = await client.holds.confirm(HOLD_ID, { attendee_name: 'Agent Smith' });
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
      ['POST', `/v1/holds/${HOLD_ID}/confirm`],
      ['POST', `/v1/holds/${HOLD_ID}/confirm`],
    ]);
    expect(calls[0]!.body).toEqual({ attendee_name: 'Agent Smith' });
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(result).toEqual(booking());
    expectTypeOf(result).toEqualTypeOf<Booking>();
  });
});

describe('slots.forHumans', () => {
  it('GET /v1/slots with the ids comma-separated', async () => {
    const answer: GroupSlotsResponse = {
      slots: [{ starts_at: '2026-12-01T09:00:00Z', ends_at: '2026-12-01T09:30:00Z', human_ids: [HUMAN_ID] }],
      timezone: 'UTC',
      duration: 30,
      mode: 'any',
    };
    const calls = recordRequests(server, () => Response.json(answer));
    const result = await client.slots.forHumans({
      human_ids: [HUMAN_ID, OTHER_ID],
      mode: 'any',
      date_from: '2026-12-01',
      date_to: '2026-12-02',
      duration: 30,
    });
    const url = calls[0]!.url;
    expect(url.pathname).toBe('/v1/slots');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      human_ids: `${HUMAN_ID},${OTHER_ID}`,
      mode: 'any',
      date_from: '2026-12-01',
      date_to: '2026-12-02',
      duration: '30',
    });
    expect(result).toEqual(answer);
  });
});

describe('bookings with several humans', () => {
  it('create sends human_ids and mode and resolves to the booking with group_bookings', async () => {
    const group = [booking({ group_id: HOLD_ID }), booking({ id: BOOKING_ID.replace('b1', 'b2'), human_id: OTHER_ID, group_id: HOLD_ID })];
    const calls = recordRequests(server, () => Response.json({ ...group[0], group_bookings: group }, { status: 201 }));
    const body = {
      human_ids: [HUMAN_ID, OTHER_ID],
      mode: 'all' as const,
      starts_at: '2026-12-01T09:00:00Z',
      duration: 30,
      attendee_name: 'Agent Smith',
    };
    const result = await client.bookings.create(body);
    expect(calls[0]!.body).toEqual(body);
    expect(result.group_bookings).toEqual(group);
    expectTypeOf(result).toEqualTypeOf<CreatedBooking>();
  });

  it('bookFirstAvailable lists GET /v1/slots and books the first start with human_ids, re-querying on 409', async () => {
    const slot = (time: string) => ({
      starts_at: `2026-12-01T${time}:00Z`,
      ends_at: `2026-12-01T${time}:30Z`,
      human_ids: [HUMAN_ID, OTHER_ID],
    });
    const posts: unknown[] = [];
    const calls = recordRequests(server, async (request) => {
      if (request.method === 'GET') return Response.json({ slots: [slot('09'), slot('10')], timezone: 'UTC', duration: 30, mode: 'all' });
      posts.push(await request.json());
      return posts.length === 1
        ? envelope('SLOT_UNAVAILABLE', 409)
        : Response.json(booking({ starts_at: slot('10').starts_at }), { status: 201 });
    });
    const result = await client.bookings.bookFirstAvailable({
      human_ids: [HUMAN_ID, OTHER_ID],
      mode: 'all',
      date_from: '2026-12-01',
      date_to: '2026-12-01',
      duration: 30,
      attendee_name: 'Agent Smith',
    });
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.pathname)).toEqual(['/v1/slots', '/v1/slots']);
    expect(posts).toEqual([
      { human_ids: [HUMAN_ID, OTHER_ID], mode: 'all', starts_at: slot('09').starts_at, duration: 30, attendee_name: 'Agent Smith' },
      { human_ids: [HUMAN_ID, OTHER_ID], mode: 'all', starts_at: slot('10').starts_at, duration: 30, attendee_name: 'Agent Smith' },
    ]);
    expect(result.starts_at).toBe(slot('10').starts_at);
  });

  it('bookFirstAvailable refuses human_id together with human_ids, or human_ids without mode', async () => {
    await expect(
      client.bookings.bookFirstAvailable({
        human_id: HUMAN_ID,
        human_ids: [HUMAN_ID],
        mode: 'all',
        date_from: '2026-12-01',
        date_to: '2026-12-01',
        duration: 30,
        attendee_name: 'A',
      }),
    ).rejects.toBeInstanceOf(TypeError);
    await expect(
      client.bookings.bookFirstAvailable({
        human_ids: [HUMAN_ID],
        date_from: '2026-12-01',
        date_to: '2026-12-01',
        duration: 30,
        attendee_name: 'A',
      }),
    ).rejects.toBeInstanceOf(TypeError);
    recordRequests(server, () => envelope('SLOT_UNAVAILABLE', 409));
    await expect(client.holds.create({ human_id: HUMAN_ID, starts_at: '2026-12-01T09:00:00Z', duration: 30 })).rejects.toBeInstanceOf(
      SlotUnavailableError,
    );
  });
});
