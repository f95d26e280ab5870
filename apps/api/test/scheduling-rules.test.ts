import { describe, expect, it } from 'vitest';
import { at, bookingBody, MONDAY } from './booking-fixtures.js';
import { createRuledHuman, listedTimes, RULES_OFF } from './rules-fixtures.js';
import { RULES_ON } from './expectations.js';
import { useTestApp, type TestApp } from './test-app.js';

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});

const TUESDAY = '2030-01-08';
const book = (humanId: string, date: string, time: string, duration = 30) =>
  app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, at(date, time), duration) });
const codeOf = (res: { status: number; body: any }) => `${res.status} ${res.body?.error?.code ?? ''}`.trim();

describe('scheduling rules on availability', () => {
  const base = { working_days: [1, 2, 3], work_start: '09:00', work_end: '17:00', meeting_durations: [30] };
  const all = RULES_ON;

  it('are set with PUT, returned by GET and on the human, all six, null when off', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const human = await app.call('GET', `/v1/humans/${humanId}`, { key });
    expect(human.body.availability_rules).toEqual({
      ...base,
      working_days: [1, 2, 3, 4, 5, 6, 7],
      meeting_durations: [30, 60],
      ...RULES_OFF,
    });

    const put = await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: { ...base, ...all } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...base, ...all, preferred_hours: null });
    expect((await app.call('GET', `/v1/humans/${humanId}/availability`, { key })).body).toEqual({ ...base, ...all, preferred_hours: null });

    // A PUT replaces the whole schedule: a rule left out (or null) is off again.
    const reset = await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: { ...base, slot_interval: null } });
    expect(reset.body).toEqual({ ...base, ...RULES_OFF });
  });

  it('are validated in their documented ranges, every offending field named', async () => {
    const humanId = await createRuledHuman(app, key, {});
    const bad = {
      buffer_before: 241,
      buffer_after: -1,
      minimum_notice: 43_201,
      booking_horizon_days: 731,
      slot_interval: 4,
      max_bookings_per_day: 0,
    };
    const res = await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: { ...base, ...bad } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    for (const field of Object.keys(bad)) expect(res.body.error.message).toContain(field);
    const fraction = await app.call('PUT', `/v1/humans/${humanId}/availability`, { key, body: { ...base, slot_interval: 7.5 } });
    expect(fraction.status).toBe(422);
    // Any slot_interval goes with any duration.
    const odd = await app.call('PUT', `/v1/humans/${humanId}/availability`, {
      key,
      body: { ...base, meeting_durations: [45], slot_interval: 10 },
    });
    expect(odd.status).toBe(200);
  });

  it('are held to the same ranges by the database, at their edges, whoever writes the row', async () => {
    const humanId = await createRuledHuman(app, key, {});
    // Each column with the lowest and the highest value allowed; one past each edge is refused.
    const edges: [string, number, number][] = [
      ['buffer_before', 0, 240],
      ['buffer_after', 0, 240],
      ['minimum_notice', 0, 43_200],
      ['booking_horizon_days', 1, 730],
      ['slot_interval', 5, 480],
      ['max_bookings_per_day', 1, 100],
    ];
    const write = (column: string, value: number | null) =>
      app.database.store.sql(`UPDATE humans SET ${column} = $1 WHERE id = $2::uuid`, [value, humanId]);
    for (const [column, low, high] of edges) {
      await write(column, low);
      await write(column, high);
      await write(column, null);
      await expect(write(column, low - 1), `${column} ${low - 1}`).rejects.toMatchObject({ code: '23514' });
      await expect(write(column, high + 1), `${column} ${high + 1}`).rejects.toMatchObject({ code: '23514' });
    }
  });
});

describe('each rule, end to end', () => {
  it('buffers: a start whose buffered range meets a booking’s is neither listed nor bookable', async () => {
    const humanId = await createRuledHuman(app, key, { buffer_before: 15, buffer_after: 15 });
    expect(codeOf(await book(humanId, MONDAY, '10:00'))).toBe('201');
    // The booking holds [09:45, 10:45); a new one needs its own [start − 15, end + 15) clear of it.
    const listed = await listedTimes(app, key, humanId, MONDAY);
    expect(listed.slice(0, 3)).toEqual(['09:00', '11:00', '11:30']);
    expect(codeOf(await book(humanId, MONDAY, '09:30'))).toBe('409 SLOT_UNAVAILABLE');
    expect(codeOf(await book(humanId, MONDAY, '10:30'))).toBe('409 SLOT_UNAVAILABLE');
    expect(codeOf(await book(humanId, MONDAY, '11:00'))).toBe('201');
  });

  it('buffers stored with a booking stay its own after the rules change', async () => {
    const humanId = await createRuledHuman(app, key, { buffer_after: 60 });
    expect(codeOf(await book(humanId, MONDAY, '10:00'))).toBe('201');
    const put = await app.call('PUT', `/v1/humans/${humanId}/availability`, {
      key,
      body: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
    });
    expect(put.status).toBe(200);
    // The 10:00 booking still holds [10:00, 11:30).
    expect(await listedTimes(app, key, humanId, MONDAY)).toEqual([
      '09:00',
      '09:30',
      ...['11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'],
    ]);
    expect(codeOf(await book(humanId, MONDAY, '11:00'))).toBe('409 SLOT_UNAVAILABLE');
  });

  it('minimum_notice: nothing before now + notice; such a start is OUTSIDE_BOOKING_WINDOW', async () => {
    const humanId = await createRuledHuman(app, key, { minimum_notice: 120 });
    app.clock.now = new Date(at(MONDAY, '08:00'));
    try {
      expect((await listedTimes(app, key, humanId, MONDAY))[0]).toBe('10:00');
      expect(codeOf(await book(humanId, MONDAY, '09:30'))).toBe('422 OUTSIDE_BOOKING_WINDOW');
      // Checked right after OUTSIDE_WORKING_HOURS.
      expect(codeOf(await book(humanId, MONDAY, '09:10'))).toBe('422 OUTSIDE_WORKING_HOURS');
      expect(codeOf(await book(humanId, MONDAY, '10:00'))).toBe('201');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('booking_horizon_days: nothing after now + the horizon', async () => {
    const humanId = await createRuledHuman(app, key, { booking_horizon_days: 1 });
    app.clock.now = new Date(at(MONDAY, '12:00'));
    try {
      expect(await listedTimes(app, key, humanId, TUESDAY)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
      expect(codeOf(await book(humanId, TUESDAY, '12:30'))).toBe('422 OUTSIDE_BOOKING_WINDOW');
      expect(codeOf(await book(humanId, TUESDAY, '12:00'))).toBe('201');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('slot_interval: the grid steps by it, whatever the duration', async () => {
    const humanId = await createRuledHuman(app, key, { slot_interval: 15 }, { start: '09:00', end: '11:00' });
    expect(await listedTimes(app, key, humanId, MONDAY, 60)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    expect(codeOf(await book(humanId, MONDAY, '09:10', 60))).toBe('422 OUTSIDE_WORKING_HOURS');
    expect(codeOf(await book(humanId, MONDAY, '09:15', 60))).toBe('201');
    expect(await listedTimes(app, key, humanId, MONDAY, 30)).toEqual(['10:15', '10:30']);
  });

  it('max_bookings_per_day: a full local day lists nothing and refuses with SLOT_UNAVAILABLE; a cancel frees it', async () => {
    const humanId = await createRuledHuman(app, key, { max_bookings_per_day: 2 });
    const first = await book(humanId, MONDAY, '09:00');
    expect(codeOf(first)).toBe('201');
    expect(codeOf(await book(humanId, MONDAY, '12:00'))).toBe('201');
    expect(await listedTimes(app, key, humanId, MONDAY)).toEqual([]);
    expect(codeOf(await book(humanId, MONDAY, '14:00'))).toBe('409 SLOT_UNAVAILABLE');
    expect((await listedTimes(app, key, humanId, TUESDAY)).length).toBe(16);

    expect((await app.call('DELETE', `/v1/bookings/${first.body.id}`, { key })).status).toBe(200);
    expect(await listedTimes(app, key, humanId, MONDAY)).toContain('14:00');
    expect(codeOf(await book(humanId, MONDAY, '14:00'))).toBe('201');
  });

  it('without rules nothing changes: the grid is the duration and bookings touch', async () => {
    const humanId = await createRuledHuman(app, key, {});
    expect(codeOf(await book(humanId, MONDAY, '10:00'))).toBe('201');
    expect(codeOf(await book(humanId, MONDAY, '10:30'))).toBe('201');
    expect(codeOf(await book(humanId, MONDAY, '09:30'))).toBe('201');
  });
});

describe('listed ⇔ bookable with every rule on', () => {
  it('books exactly the listed starts, and refuses the rest with the reason the rules give', async () => {
    const humanId = await createRuledHuman(
      app,
      key,
      { buffer_before: 10, buffer_after: 20, minimum_notice: 90, booking_horizon_days: 3, slot_interval: 15, max_bookings_per_day: 3 },
      { start: '09:00', end: '14:00', durations: [30, 45] },
    );
    app.clock.now = new Date(at(MONDAY, '08:00'));
    try {
      // Monday: two bookings, one short of the maximum. Tuesday: full.
      for (const time of ['10:00', '11:30']) expect(codeOf(await book(humanId, MONDAY, time, 45))).toBe('201');
      for (const time of ['09:00', '10:00', '11:00']) expect(codeOf(await book(humanId, TUESDAY, time))).toBe('201');
      const slots = await app.call('GET', `/v1/humans/${humanId}/slots?date_from=${MONDAY}&date_to=2030-01-10&duration=30`, { key });
      const listed = new Set((slots.body.slots as { starts_at: string }[]).map((s) => s.starts_at));
      expect(listed.size).toBeGreaterThan(0);

      const codes = new Map<string, string>();
      for (const date of [MONDAY, TUESDAY, '2030-01-09', '2030-01-10']) {
        for (let m = 9 * 60; m <= 14 * 60; m += 5) {
          const startsAt = at(date, `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
          const res = await app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, startsAt, 30) });
          expect(res.status === 201, `${startsAt}: ${res.text}`).toBe(listed.has(startsAt));
          codes.set(startsAt, codeOf(res));
          // Cancelling gives back exactly what the booking took, so the next probe sees the same state.
          if (res.status === 201) expect((await app.call('DELETE', `/v1/bookings/${res.body.id}`, { key })).status).toBe(200);
        }
      }
      expect(codes.get(at(MONDAY, '09:00'))).toBe('422 OUTSIDE_BOOKING_WINDOW'); // notice
      expect(codes.get(at(MONDAY, '09:35'))).toBe('422 OUTSIDE_WORKING_HOURS'); // off the 15-minute grid
      expect(codes.get(at(MONDAY, '09:45'))).toBe('409 SLOT_UNAVAILABLE'); // buffer before 10:00
      expect(codes.get(at(MONDAY, '11:00'))).toBe('409 SLOT_UNAVAILABLE'); // buffer after 10:45
      expect(codes.get(at(MONDAY, '12:30'))).toBe('409 SLOT_UNAVAILABLE'); // buffer after 12:15
      expect(codes.get(at(MONDAY, '12:45'))).toBe('201');
      expect(codes.get(at(TUESDAY, '12:30'))).toBe('409 SLOT_UNAVAILABLE'); // full day
      expect(codes.get(at('2030-01-09', '09:00'))).toBe('201');
      expect(codes.get(at('2030-01-10', '09:00'))).toBe('422 OUTSIDE_BOOKING_WINDOW'); // horizon: Thu 08:00
    } finally {
      app.clock.now = undefined;
    }
  }, 120_000);
});
