import { describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, MONDAY } from './booking-fixtures.js';
import { createRuledHuman } from './rules-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const book = async (humanId: string, time: string, duration = 30) => {
  const res = await app.call('POST', '/v1/bookings', {
    key,
    body: bookingBody(humanId, at(MONDAY, time), duration, { attendee_email: 'smith@example.com', metadata: { ticket: 'T-1' } }),
  });
  if (res.status !== 201) throw new Error(`book: ${res.status} ${res.text}`);
  return res.body;
};
const reschedule = (id: string, body: unknown, headers: Record<string, string> = {}, k = key) =>
  app.call('POST', `/v1/bookings/${id}/reschedule`, { key: k, body, headers });
const get = async (id: string) => (await app.call('GET', `/v1/bookings/${id}`, { key })).body;
const used = async () => (await app.call('GET', '/v1/usage', { key })).body.used as number;
const eventsOf = async (bookingId: string) =>
  (await app.database.store.db.event.findMany({ where: { bookingId }, orderBy: { createdAt: 'asc' } })).map((e) => ({
    type: e.type,
    data: JSON.parse(e.body).data,
  }));

describe('POST /v1/bookings/{id}/reschedule', () => {
  it('moves onto a free slot: 201 new booking, old cancelled, linked both ways, two events, no quota', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const old = await book(humanId, '10:00');
    const usedBefore = await used();

    const res = await reschedule(old.id, { starts_at: at(MONDAY, '14:00') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      human_id: humanId,
      starts_at: at(MONDAY, '14:00'),
      ends_at: at(MONDAY, '14:30'),
      duration_minutes: 30,
      attendee_name: 'Agent Smith',
      attendee_email: 'smith@example.com',
      metadata: { ticket: 'T-1' },
      status: 'confirmed',
      rescheduled_from: old.id,
      rescheduled_to: null,
    });
    const moved = await get(old.id);
    expect(moved).toMatchObject({ status: 'cancelled', rescheduled_to: res.body.id, cancelled_at: expect.any(String) });
    expect(await used()).toBe(usedBefore);

    expect(await eventsOf(old.id)).toEqual([
      { type: 'booking.confirmed', data: expect.objectContaining({ id: old.id, status: 'confirmed' }) },
      { type: 'booking.cancelled', data: moved },
    ]);
    expect(await eventsOf(res.body.id)).toEqual([{ type: 'booking.confirmed', data: res.body }]);
    // The old time is free again, the new one taken.
    const slots = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${MONDAY}&date_to=${MONDAY}&duration=30`, { key });
    const starts = slots.body.slots.map((s: { starts_at: string }) => s.starts_at);
    expect(starts).toContain(at(MONDAY, '10:00'));
    expect(starts).not.toContain(at(MONDAY, '14:00'));
  });

  it('onto a taken slot: 409 SLOT_UNAVAILABLE and nothing changes', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const mine = await book(humanId, '10:00');
    await book(humanId, '11:00');
    const bookings = await countRows(app, 'bookings');
    const events = await countRows(app, 'events');

    const res = await reschedule(mine.id, { starts_at: at(MONDAY, '11:00') });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('SLOT_UNAVAILABLE');
    expect(await get(mine.id)).toEqual(mine);
    expect(await countRows(app, 'bookings')).toBe(bookings);
    expect(await countRows(app, 'events')).toBe(events);
  });

  it('onto its own overlapping time, buffers included: the old booking does not block its own move', async () => {
    const humanId = await createRuledHuman(app, key, { buffer_before: 30, buffer_after: 30, slot_interval: 30, max_bookings_per_day: 1 });
    const old = await book(humanId, '10:00', 60);
    const res = await reschedule(old.id, { starts_at: at(MONDAY, '10:30') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ starts_at: at(MONDAY, '10:30'), ends_at: at(MONDAY, '11:30'), duration_minutes: 60 });
  });

  it('takes a new duration, checked like a booking’s; a refusal leaves the booking as it was', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const old = await book(humanId, '10:00');
    const bad = await reschedule(old.id, { starts_at: at(MONDAY, '12:00'), duration: 45 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('INVALID_DURATION');
    const outside = await reschedule(old.id, { starts_at: at(MONDAY, '18:00') });
    expect(outside.body.error.code).toBe('OUTSIDE_WORKING_HOURS');
    expect(await get(old.id)).toEqual(old);
    const res = await reschedule(old.id, { starts_at: at(MONDAY, '12:00'), duration: 60 });
    expect(res.status).toBe(201);
    expect(res.body.duration_minutes).toBe(60);
  });

  it('of a cancelled (or already moved) booking: 409 BOOKING_CANCELLED', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const cancelled = await book(humanId, '09:00');
    await app.call('DELETE', `/v1/bookings/${cancelled.id}`, { key });
    const res = await reschedule(cancelled.id, { starts_at: at(MONDAY, '15:00') });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'BOOKING_CANCELLED', status: 409 });

    const moved = await book(humanId, '09:30');
    const next = await reschedule(moved.id, { starts_at: at(MONDAY, '15:00') });
    const again = await reschedule(moved.id, { starts_at: at(MONDAY, '16:00') });
    expect(again.body.error.code).toBe('BOOKING_CANCELLED');
    expect(again.body.error.message).toContain(next.body.id);
  });

  it('answers 404 for an unknown or foreign booking, 422 for a bad body', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const mine = await book(humanId, '09:00');
    const other = (await app.createOrg('growth')).key;
    expect((await reschedule(mine.id, { starts_at: at(MONDAY, '15:00') }, {}, other)).status).toBe(404);
    expect((await reschedule('7b0f6f8e-0000-4000-8000-000000000000', { starts_at: at(MONDAY, '15:00') })).status).toBe(404);
    const bad = await reschedule(mine.id, { starts_at: 'soon', duration: 0, extra: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toMatch(/starts_at/);
    expect(bad.body.error.message).toMatch(/duration/);
  });

  it('honours Idempotency-Key: a retry replays the first answer and moves nothing again', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const old = await book(humanId, '09:00');
    const headers = { 'Idempotency-Key': `move-${old.id}` };
    const first = await reschedule(old.id, { starts_at: at(MONDAY, '15:00') }, headers);
    const events = await countRows(app, 'events');
    const retry = await reschedule(old.id, { starts_at: at(MONDAY, '15:00') }, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await countRows(app, 'events')).toBe(events);
    const reused = await reschedule(old.id, { starts_at: at(MONDAY, '16:00') }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
