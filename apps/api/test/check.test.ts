import { describe, expect, it } from 'vitest';
import { MONDAY, at, bookingBody, createUtcHuman } from './booking-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

// GET /v1/humans/{id}/check answers what POST /v1/bookings would: for every start of a day
// (on and off the grid, in and out of hours, blocked, taken, past), bookable <=> the booking
// succeeds, and the same code when not.

let app: TestApp;
let key: string;
let humanId: string;

useTestApp({ plan: 'growth' }, async (ctx) => {
  ({ app, key } = ctx);
  humanId = await createUtcHuman(app, key, [30, 60]);
  // A lunch block, and two bookings to collide with.
  await app.call('POST', `/v1/humans/${humanId}/overrides`, {
    key,
    body: { kind: 'block', start_date: MONDAY, start_time: '12:00', end_time: '13:00', reason: 'Lunch' },
  });
  for (const time of ['10:00', '15:30']) {
    const res = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(MONDAY, time), 30) });
    expect(res.status).toBe(201);
  }
});

const check = (startsAt: string, duration: number, who = humanId, k = key) =>
  app.call('GET', `/v1/humans/${who}/check?starts_at=${encodeURIComponent(startsAt)}&duration=${duration}`, { key: k });

describe('GET /v1/humans/{id}/check', () => {
  it('agrees with POST /v1/bookings for every start of a day (15-minute steps; 30 for 60-minute meetings)', async () => {
    const seen = new Set<string>();
    for (const [duration, step] of [
      [30, 15],
      [60, 30],
    ] as const) {
      for (let minute = 0; minute < 24 * 60; minute += step) {
        const hh = String(Math.floor(minute / 60)).padStart(2, '0');
        const mm = String(minute % 60).padStart(2, '0');
        const startsAt = at(MONDAY, `${hh}:${mm}`);
        const verdict = await check(startsAt, duration);
        expect(verdict.status).toBe(200);
        // Book right after, on the same data; a success is cancelled before the next start.
        const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, startsAt, duration) });
        const where = `${startsAt} ${duration}m`;
        if (verdict.body.bookable) {
          expect(booked.status, where).toBe(201);
          expect(verdict.body, where).toEqual({ bookable: true, code: null, message: null, alternatives: [] });
          expect((await app.call('DELETE', `/v1/bookings/${booked.body.id}`, { key })).status).toBe(200);
        } else {
          expect(booked.status, where).not.toBe(201);
          expect(verdict.body.code, where).toBe(booked.body.error.code);
          expect(verdict.body.message, where).toContain(booked.body.error.message);
        }
        seen.add(verdict.body.code ?? 'bookable');
      }
    }
    expect([...seen].sort()).toEqual(['OUTSIDE_WORKING_HOURS', 'SCHEDULE_BLOCKED', 'SLOT_UNAVAILABLE', 'bookable']);
  });

  it('gives the refusal of an invalid duration and of a past start, in the booking order', async () => {
    const invalid = await check(at(MONDAY, '03:00'), 45);
    expect(invalid.body).toMatchObject({ bookable: false, code: 'INVALID_DURATION', alternatives: [] });
    expect(invalid.body.message).toContain('30, 60');
    const past = await check('2020-01-06T10:00:00Z', 30);
    expect(past.body).toMatchObject({ bookable: false, code: 'VALIDATION_ERROR' });
  });

  it('offers up to 3 listed starts nearest to a refused one, each of which books', async () => {
    const taken = await check(at(MONDAY, '10:00'), 30);
    expect(taken.body.code).toBe('SLOT_UNAVAILABLE');
    expect(taken.body.alternatives.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      at(MONDAY, '09:00'), // as near as 11:00; of two equally near, the earlier
      at(MONDAY, '09:30'),
      at(MONDAY, '10:30'),
    ]);
    // Offsets are accepted and mean the same instant.
    const lunch = await check(`${MONDAY}T14:30:00+02:00`, 30);
    expect(lunch.body.code).toBe('SCHEDULE_BLOCKED');
    expect(lunch.body.alternatives.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      at(MONDAY, '11:30'),
      at(MONDAY, '13:00'),
      at(MONDAY, '13:30'),
    ]);
    for (const alt of lunch.body.alternatives) expect((await check(alt.starts_at, 30)).body.bookable).toBe(true);
  });

  it('refuses instants no calendar holds with 422, never a 500 (year 9999 found by the fuzzer, offsets past ±23:59 by a probe)', async () => {
    const cases: [string, string][] = [
      ['9999-12-31T23:59:59Z', 'starts_at: must be between 1900-01-01 and 9999-12-30 (UTC)'],
      ['0000-01-01T00:00:00Z', 'starts_at: must be between 1900-01-01 and 9999-12-30 (UTC)'],
      ['2026-12-09T14:30:00+25:00', 'starts_at: must have a UTC offset from -23:59 to +23:59'],
      ['2026-12-09T14:30:00.000001Z', 'starts_at: must be precise to the millisecond at most'],
    ];
    for (const [startsAt, message] of cases) {
      const res = await check(startsAt, 30);
      expect(res.status, res.text).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(message) });
    }
    const booked = await app.call('POST', '/v1/bookings', {
      key,
      body: { human_id: humanId, starts_at: '2026-12-09T14:30:00+24:00', duration: 30, attendee_name: 'Ada' },
    });
    expect(booked.status, booked.text).toBe(422);
    const slots = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=0000-01-01&date_to=0000-01-01&duration=30`, { key });
    expect(slots.status, slots.text).toBe(422);
    expect(slots.body.error.message).toContain('date_from: must be a date from 1900-01-01 to 9999-12-30');
    const query = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${MONDAY}&date_to=${MONDAY}&duration=0x1e`, { key });
    expect(query.body.error.message).toBe('Invalid request: duration: must be a number');
  });

  it('answers 404 for another organization and 422 for a malformed query', async () => {
    const other = await app.createOrg('free');
    expect((await check(at(MONDAY, '09:00'), 30, humanId, other.key)).body.error.code).toBe('NOT_FOUND');
    const bad = await app.call('GET', `/v1/humans/${humanId}/check?starts_at=tomorrow&duration=0`, { key });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.message).toContain('starts_at');
    expect(bad.body.error.message).toContain('duration');
    expect((await app.call('GET', `/v1/humans/${humanId}/check?starts_at=${at(MONDAY, '09:00')}&duration=30`)).status).toBe(401);
  });
});
