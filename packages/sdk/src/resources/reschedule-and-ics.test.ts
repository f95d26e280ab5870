import { describe, expect, expectTypeOf, it } from 'vitest';
import { BookingCancelledError, OutsideBookingWindowError } from '../index.js';
import { BOOKING_ID, booking, envelope, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { Booking } from '../types.js';

const server = useMockApi();
const client = testClient();
const NEW_ID = '6f1c2d3e-0000-4000-8000-0000000000b2';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:x@humantime\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

describe('bookings.reschedule', () => {
  it('POSTs the new time with an automatic Idempotency-Key and resolves to the new booking', async () => {
    const moved = booking({ id: NEW_ID, starts_at: '2026-12-02T15:00:00Z', ends_at: '2026-12-02T15:30:00Z', rescheduled_from: BOOKING_ID });
    const calls = recordRequests(server, () => Response.json(moved, { status: 201 }));
    const result = await client.bookings.reschedule(BOOKING_ID, { starts_at: '2026-12-02T15:00:00Z' });
    expect(calls).toHaveLength(1);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['POST', `/v1/bookings/${BOOKING_ID}/reschedule`]);
    expect(calls[0]!.body).toEqual({ starts_at: '2026-12-02T15:00:00Z' });
    expect(calls[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(result).toEqual(moved);
    expectTypeOf(result).toEqualTypeOf<Booking>();
  });

  it('retries a 503 with the same key, so a retry never moves twice', async () => {
    let n = 0;
    const calls = recordRequests(server, () =>
      ++n === 1 ? envelope('INTERNAL_ERROR', 503) : Response.json(booking({ id: NEW_ID }), { status: 201 }),
    );
    await client.bookings.reschedule(BOOKING_ID, { starts_at: '2026-12-02T15:00:00Z', duration: 60 }, { idempotencyKey: 'move-1' });
    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['move-1', 'move-1']);
  });

  it('throws the typed errors of the new codes', async () => {
    recordRequests(server, () => envelope('BOOKING_CANCELLED', 409));
    await expect(client.bookings.reschedule(BOOKING_ID, { starts_at: '2026-12-02T15:00:00Z' })).rejects.toBeInstanceOf(
      BookingCancelledError,
    );
    server.resetHandlers();
    recordRequests(server, () => envelope('OUTSIDE_BOOKING_WINDOW', 422));
    const error = await client.bookings.reschedule(BOOKING_ID, { starts_at: '2026-12-02T15:00:00Z' }).catch((e) => e);
    expect(error).toBeInstanceOf(OutsideBookingWindowError);
    expect(error).toMatchObject({ code: 'OUTSIDE_BOOKING_WINDOW', status: 422 });
  });
});

describe('bookings.ics', () => {
  it('GETs the calendar file and resolves to its text, untouched', async () => {
    const calls = recordRequests(
      server,
      () => new Response(ICS, { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' } }),
    );
    const text = await client.bookings.ics(BOOKING_ID);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['GET', `/v1/bookings/${BOOKING_ID}/ics`]);
    expect(text).toBe(ICS);
    expectTypeOf(text).toEqualTypeOf<string>();
  });

  it('still refuses a 2xx that is neither JSON nor a calendar', async () => {
    recordRequests(server, () => new Response('<html>portal</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(client.bookings.ics(BOOKING_ID)).rejects.toThrow();
  });
});
