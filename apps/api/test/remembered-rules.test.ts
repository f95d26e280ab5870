// A single-human booking is judged on the snapshot this process remembers of the human (no
// read before the atomic statement), which checks the human's rules_version. Every change of
// what the judge decides on must still decide the very next booking; and a snapshot whose
// busy time is old must never refuse by itself. Each test warms the cache with a first
// booking, changes something, then books again on the same candidate dates (10:00-11:59 UTC
// starts share them), so the second booking meets the remembered snapshot.
import { beforeEach, describe, expect, it } from 'vitest';
import { at, bookingBody, countRows, createUtcHuman, MONDAY } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { addOverride } from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});
beforeEach(() => {
  app.clock.now = new Date(`${MONDAY}T06:00:00Z`);
});

const book = (humanId: string, time: string, duration = 30, headers: Record<string, string> = {}, as = key) =>
  app.call('POST', '/v1/bookings', { key: as, body: bookingBody(humanId, at(MONDAY, time), duration), headers });

const DAY = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] };

/** A UTC human with 30-minute meetings and a first booking at 10:00, which leaves its snapshot remembered. */
async function warmHuman(): Promise<{ humanId: string; first: string }> {
  const humanId = await createUtcHuman(app, key, [30]);
  const res = await book(humanId, '10:00');
  expect(res.status, res.text).toBe(201);
  return { humanId, first: res.body.id };
}

async function setAvailability(humanId: string, body: Record<string, unknown>) {
  const res = await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: { ...DAY, ...body } });
  expect(res.status, res.text).toBe(200);
}

describe('a booking judged on a remembered snapshot', () => {
  it('books a start that a hold made since held until it expired: the expired hold goes, the booking stands', async () => {
    // The remembered snapshot has no hold, so the statement skips deleting expired holds; the
    // expired hold's claim then takes the slot, and the booking is judged again on a fresh read.
    const { humanId } = await warmHuman();
    const hold = await app.call('POST', '/v1/holds', { key, body: { human_id: humanId, starts_at: at(MONDAY, '11:00'), duration: 30 } });
    expect(hold.status, hold.text).toBe(201);
    app.clock.now = new Date(Date.parse(hold.body.expires_at) + 1);
    const res = await book(humanId, '11:00');
    expect(res.status, res.text).toBe(201);
    expect(await countRows(app, 'holds', `human_id = '${humanId}'`)).toBe(0);
    expect(await countRows(app, 'time_claims', `human_id = '${humanId}'`)).toBe(2);
  });

  it('is refused a start a live hold made since keeps', async () => {
    const { humanId } = await warmHuman();
    const hold = await app.call('POST', '/v1/holds', { key, body: { human_id: humanId, starts_at: at(MONDAY, '11:00'), duration: 30 } });
    expect(hold.status, hold.text).toBe(201);
    expectEnvelope(await book(humanId, '11:00'), 409, 'SLOT_UNAVAILABLE');
    expect(await countRows(app, 'holds', `human_id = '${humanId}'`)).toBe(1);
  });

  it('meets shortened working hours at once', async () => {
    const { humanId } = await warmHuman();
    await setAvailability(humanId, { work_start: '09:00', work_end: '10:30' });
    expectEnvelope(await book(humanId, '11:00'), 422, 'OUTSIDE_WORKING_HOURS');
    // With an Idempotency-Key too, and its replay answers the same refusal.
    const keyed = await book(humanId, '11:30', 30, { 'Idempotency-Key': 'hours-changed' });
    expectEnvelope(keyed, 422, 'OUTSIDE_WORKING_HOURS');
    expect((await book(humanId, '11:30', 30, { 'Idempotency-Key': 'hours-changed' })).body).toEqual(keyed.body);
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
  });

  it('meets a new block override at once', async () => {
    const { humanId } = await warmHuman();
    await addOverride(app, key, humanId, { kind: 'block', start_date: MONDAY, end_date: MONDAY, start_time: '11:00', end_time: '12:00' });
    expectEnvelope(await book(humanId, '11:00'), 422, 'SCHEDULE_BLOCKED');
    expect((await book(humanId, '10:30')).status).toBe(201);
  });

  it('is accepted when an open override opens time the remembered hours did not have', async () => {
    const humanId = await createUtcHuman(app, key, [30]);
    await setAvailability(humanId, { work_start: '09:00', work_end: '11:00' });
    expect((await book(humanId, '10:00')).status).toBe(201);
    expectEnvelope(await book(humanId, '11:30'), 422, 'OUTSIDE_WORKING_HOURS');
    await addOverride(app, key, humanId, { kind: 'open', start_date: MONDAY, end_date: MONDAY, start_time: '11:00', end_time: '12:00' });
    const opened = await book(humanId, '11:30');
    expect(opened.status, opened.text).toBe(201);
  });

  it('meets a new minimum notice, a new meeting duration list and a new daily maximum at once', async () => {
    const { humanId } = await warmHuman();
    // 06:00 now: 11:00 is five hours ahead.
    await setAvailability(humanId, { minimum_notice: 360 });
    expectEnvelope(await book(humanId, '11:00'), 422, 'OUTSIDE_BOOKING_WINDOW');
    await setAvailability(humanId, { meeting_durations: [60] });
    expectEnvelope(await book(humanId, '11:00'), 422, 'INVALID_DURATION');
    // The daily maximum is the atomic statement's own condition, written from the judge's rules.
    await setAvailability(humanId, { max_bookings_per_day: 1 });
    expectEnvelope(await book(humanId, '11:00'), 409, 'SLOT_UNAVAILABLE');
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
  });

  it('meets a new buffer at once (the statement writes the claim the judge computed)', async () => {
    const { humanId } = await warmHuman();
    await setAvailability(humanId, { buffer_before: 30 });
    // Free on the remembered rules; with a 30-minute buffer before it, it touches 10:00's booking.
    expectEnvelope(await book(humanId, '10:30'), 409, 'SLOT_UNAVAILABLE');
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
  });

  it('answers 404 once the human is deleted, and for another organization', async () => {
    const { humanId } = await warmHuman();
    const other = (await app.createOrg('growth')).key;
    expectEnvelope(await book(humanId, '11:00', 30, {}, other), 404, 'NOT_FOUND');
    expectEnvelope(await book(humanId, '11:00', 30, { 'Idempotency-Key': 'other-org' }, other), 404, 'NOT_FOUND');
    expect((await app.call('DELETE', `/v1/humans/${humanId}`, { key })).status).toBe(204);
    expectEnvelope(await book(humanId, '11:00'), 404, 'NOT_FOUND');
    expect(await countRows(app, 'bookings', `human_id = '${humanId}'`)).toBe(1);
  });

  it('books a slot a cancellation freed, though the remembered snapshot still holds it busy', async () => {
    const { humanId, first } = await warmHuman();
    // An override of another week moves the rules_version: the next booking's statement
    // declines STALE, and the snapshot read fresh then is remembered, 10:00's booking in it.
    await addOverride(app, key, humanId, { kind: 'block', start_date: '2030-02-04', end_date: '2030-02-04' });
    expect((await book(humanId, '11:00')).status).toBe(201);
    expect((await app.call('DELETE', `/v1/bookings/${first}`, { key })).status).toBe(200);
    const again = await book(humanId, '10:00');
    expect(again.status, again.text).toBe(201);
    expectEnvelope(await book(humanId, '10:00'), 409, 'SLOT_UNAVAILABLE');
  });
});
