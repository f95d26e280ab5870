import { SuggestionsResponseSchema } from '@humantime/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { at, bookingBody } from './booking-fixtures.js';
import { expectEnvelope } from './expectations.js';
import { createHumanIn, listedStarts, WEEKDAYS } from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

// GET /v1/suggestions and `when` on the slots routes, at a pinned service clock: Friday
// 2030-01-04 12:00 UTC, so "next Tuesday" is 2030-01-08 and "tomorrow" 2030-01-05.

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});
afterEach(() => {
  app.clock.now = undefined;
});

const NOW = '2030-01-04T12:00:00Z';
const hours = (work_start = '08:00', work_end = '18:00', extra: Record<string, unknown> = {}) => ({
  working_days: WEEKDAYS,
  work_start,
  work_end,
  meeting_durations: [30, 60],
  ...extra,
});
const get = (path: string, k = key) => {
  app.clock.now = new Date(NOW);
  return app.call('GET', path, { key: k });
};
const suggestions = (query: string) => get(`/v1/suggestions?${query}`);

describe('GET /v1/suggestions', () => {
  it('ranks listed starts only, with a score in [0, 1] and reasons, at most 3 a day', async () => {
    const ada = await createHumanIn(app, key, 'Europe/Berlin', hours());
    const res = await suggestions(`human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-11&limit=50`);
    expect(res.status, res.text).toBe(200);
    expect(SuggestionsResponseSchema.strict().parse(res.body)).toEqual(res.body);
    const listed = await listedStarts(app, key, ada, '2030-01-07', '2030-01-11', 30);
    expect(res.body.data).toHaveLength(15);
    for (const s of res.body.data) {
      expect(listed).toContain(s.starts_at);
      expect(s.human_ids).toEqual([ada]);
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(1);
      expect(s.reasons.map((r: { code: string }) => r.code)).toEqual(['room_around', 'soon', 'spread']);
    }
    const perDay = new Map<string, number>();
    for (const s of res.body.data) perDay.set(s.starts_at.slice(0, 10), (perDay.get(s.starts_at.slice(0, 10)) ?? 0) + 1);
    expect([...perDay.values()].every((n) => n <= 3)).toBe(true);
    // The same request gives the same list.
    expect((await suggestions(`human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-11&limit=50`)).body).toEqual(res.body);
  });

  it("puts the attendee's working day first and says so in their zone", async () => {
    const ada = await createHumanIn(app, key, 'Europe/Berlin', hours('08:00', '18:00'));
    const res = await suggestions(
      `human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-07&attendee_timezone=asia/tokyo&limit=3`,
    );
    expect(res.status, res.text).toBe(200);
    // 08:00-09:00 Berlin is 16:00-17:00 Tokyo: the only starts inside the attendee's day.
    expect(res.body.data.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      at('2030-01-07', '07:00'),
      at('2030-01-07', '07:30'),
      at('2030-01-07', '08:00'),
    ]);
    expect(res.body.data[0].reasons[0]).toEqual({
      code: 'attendee_hours',
      message: '16:00 Mon for the attendee in Asia/Tokyo (inside 09:00-17:00)',
    });
    expect(res.body.data[2].reasons[0].message).toBe('17:00 Mon for the attendee in Asia/Tokyo (outside 09:00-17:00)');
  });

  it('honours preferred_hours, set with the availability and returned with it', async () => {
    const preferred_hours = [{ weekdays: [3, 2], start: '14:00', end: '16:00' }];
    const ada = await createHumanIn(app, key, 'UTC', hours('08:00', '18:00', { preferred_hours }));
    const availability = await app.call('GET', `/v1/humans/${ada}/availability`, { key });
    expect(availability.body.preferred_hours).toEqual([{ weekdays: [2, 3], start: '14:00', end: '16:00' }]);
    const res = await suggestions(`human_ids=${ada}&duration=60&date_from=2030-01-07&date_to=2030-01-11&limit=6`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.slice(0, 6).map((s: { starts_at: string }) => s.starts_at)).toEqual([
      at('2030-01-08', '14:00'),
      at('2030-01-08', '15:00'),
      at('2030-01-09', '14:00'),
      at('2030-01-09', '15:00'),
      at('2030-01-07', '08:00'),
      at('2030-01-07', '09:00'),
    ]);
    const bad = await app.call('PUT', `/v1/humans/${ada}/availability`, {
      key,
      body: { ...hours(), preferred_hours: [{ weekdays: [8], start: '16:00', end: '14:00' }] },
    });
    expectEnvelope(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.message).toContain('preferred_hours.0.weekdays.0');
    expect(bad.body.error.message).toContain('preferred_hours.0.end');
  });

  it('keeps room around bookings and works for several humans', async () => {
    const ada = await createHumanIn(app, key, 'UTC', hours('08:00', '09:30'));
    const bob = await createHumanIn(app, key, 'UTC', hours('08:00', '09:30'));
    expect((await app.call('POST', '/v1/bookings', { key, body: bookingBody(bob, at('2030-01-07', '08:00')) })).status).toBe(201);
    const res = await suggestions(`human_ids=${ada},${bob}&mode=all&duration=30&date_from=2030-01-07&date_to=2030-01-07&limit=3`);
    expect(res.status, res.text).toBe(200);
    // Both are free at 08:30 and 09:00 only; 08:30 is back to back with Bob's booking, so the later 09:00 ranks first.
    expect(res.body.data.map((s: { starts_at: string }) => s.starts_at)).toEqual([at('2030-01-07', '09:00'), at('2030-01-07', '08:30')]);
    expect(res.body.data[0].human_ids).toEqual([ada, bob]);
    const tight = res.body.data[1];
    expect(tight.reasons.find((r: { code: string }) => r.code === 'room_around').message).toBe(
      'within 15 minutes of a booking or busy time before it',
    );
    const any = await suggestions(`human_ids=${ada},${bob}&mode=any&duration=30&date_from=2030-01-07&date_to=2030-01-07&limit=1`);
    expect(any.body.data[0]).toMatchObject({ starts_at: at('2030-01-07', '08:00'), human_ids: [ada] });
  });

  it("keeps room around the human's own blocks (a weekly meeting) as around a booking", async () => {
    const cy = await createHumanIn(app, key, 'UTC', hours('08:00', '12:00'));
    const standup = {
      kind: 'block',
      start_date: '2030-01-07',
      end_date: '2030-01-31',
      weekdays: [1, 2, 3, 4, 5],
      start_time: '10:00',
      end_time: '10:30',
    };
    expect((await app.call('POST', `/v1/humans/${cy}/overrides`, { key, body: standup })).status).toBe(201);
    // One start at a time (at most 3 a day are suggested): a window of 15 minutes around it.
    const room = async (from: string, to: string) => {
      const res = await suggestions(`human_ids=${cy}&duration=30&when=${encodeURIComponent(`Monday from ${from} to ${to}`)}`);
      expect(res.body.data, res.text).toHaveLength(1);
      return res.body.data[0].reasons.find((r: { code: string }) => r.code === 'room_around').message;
    };
    expect(await room('9:30', '9:45')).toBe('within 15 minutes of a booking or busy time after it');
    expect(await room('10:30', '10:45')).toBe('within 15 minutes of a booking or busy time before it');
    expect(await room('11:00', '11:15')).toBe('at least 15 free minutes before and after');
  });

  it('reads `when` in the attendee zone and echoes interpreted_as', async () => {
    const ada = await createHumanIn(app, key, 'Europe/Berlin', hours('08:00', '18:00'));
    const res = await suggestions(`human_ids=${ada}&duration=30&when=${encodeURIComponent('next Tuesday afternoon')}&limit=50`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.interpreted_as).toEqual({
      date_from: '2030-01-08',
      date_to: '2030-01-08',
      from_time: '12:00',
      to_time: '17:00',
      timezone: 'Europe/Berlin',
    });
    const starts = res.body.data.map((s: { starts_at: string }) => s.starts_at);
    expect(starts.length).toBe(3);
    for (const s of starts) expect(s >= at('2030-01-08', '11:00') && s < at('2030-01-08', '16:00')).toBe(true);
  });

  it('refuses bad input in the envelope, naming the field', async () => {
    const ada = await createHumanIn(app, key, 'UTC', hours());
    const other = await app.createOrg('growth');
    const cases: Array<[string, number, string, string]> = [
      [
        `human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-07&attendee_timezone=Mars/Olympus`,
        422,
        'VALIDATION_ERROR',
        'attendee_timezone',
      ],
      [`human_ids=${ada}&duration=30&when=whenever%20suits`, 422, 'VALIDATION_ERROR', 'when'],
      [`human_ids=${ada}&duration=30&when=tomorrow&date_from=2030-01-07&date_to=2030-01-07`, 422, 'VALIDATION_ERROR', 'when'],
      [`human_ids=${ada}&duration=30`, 422, 'VALIDATION_ERROR', 'date_from'],
      [`human_ids=${ada}&duration=30&date_from=2030-01-01&date_to=2030-03-04`, 422, 'VALIDATION_ERROR', 'date_to'],
      [`human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-07&limit=51`, 422, 'VALIDATION_ERROR', 'limit'],
      [`human_ids=${ada}&duration=45&date_from=2030-01-07&date_to=2030-01-07`, 422, 'INVALID_DURATION', '30, 60'],
    ];
    for (const [query, status, code, named] of cases) {
      const res = await suggestions(query);
      expectEnvelope(res, status, code);
      expect(res.body.error.message, query).toContain(named);
    }
    const foreign = await get(`/v1/suggestions?human_ids=${ada}&duration=30&date_from=2030-01-07&date_to=2030-01-07`, other.key);
    expectEnvelope(foreign, 404, 'NOT_FOUND');
  });
});

describe('`when` on the slots routes', () => {
  it("lists only starts inside the window read in the human's zone, and echoes it", async () => {
    const ada = await createHumanIn(app, key, 'America/New_York', hours('08:00', '18:00'));
    const res = await get(`/v1/humans/${ada}/slots?duration=60&when=${encodeURIComponent('next Tuesday between 2 and 4pm')}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.interpreted_as).toEqual({
      date_from: '2030-01-08',
      date_to: '2030-01-08',
      from_time: '14:00',
      to_time: '16:00',
      timezone: 'America/New_York',
    });
    expect(res.body.slots.map((s: { starts_at: string }) => s.starts_at)).toEqual([at('2030-01-08', '19:00'), at('2030-01-08', '20:00')]);
    // The same dates without `when` are the plain list, unchanged (and no interpreted_as).
    const plain = await get(`/v1/humans/${ada}/slots?duration=60&date_from=2030-01-08&date_to=2030-01-08`);
    expect(plain.body.slots).toHaveLength(10);
    expect(plain.body.interpreted_as).toBeUndefined();

    const group = await get(`/v1/slots?human_ids=${ada}&mode=all&duration=60&when=tomorrow`);
    expect(group.status, group.text).toBe(200);
    expect(group.body.interpreted_as).toMatchObject({
      date_from: '2030-01-05',
      date_to: '2030-01-05',
      from_time: '00:00',
      to_time: '24:00',
    });
    expect(group.body.slots).toEqual([]); // a Saturday

    expectEnvelope(await get(`/v1/humans/${ada}/slots?duration=60&when=blah`), 422, 'VALIDATION_ERROR');
    // The clock's instant is Saturday 02:00 on Kiritimati (UTC+14) and Thursday 15:00 on Adak (UTC-10): "tomorrow" is theirs.
    for (const [zone, tomorrow] of [
      ['Pacific/Kiritimati', '2030-01-06'],
      ['America/Adak', '2030-01-05'],
      ['Pacific/Auckland', '2030-01-06'],
    ] as const) {
      const far = await createHumanIn(app, key, zone, hours('08:00', '18:00'));
      const read = await get(`/v1/humans/${far}/slots?duration=60&when=tomorrow`);
      expect(read.status, read.text).toBe(200);
      expect(read.body.interpreted_as, zone).toMatchObject({ date_from: tomorrow, date_to: tomorrow, timezone: zone });
    }
    expectEnvelope(await get(`/v1/humans/${ada}/slots?duration=60&when=today&date_to=2030-01-08`), 422, 'VALIDATION_ERROR');
  });

  it("reads the schedule of the dates named in the human's zone where UTC names others", async () => {
    // Tuesday 2030-01-08 02:00 UTC is Monday 21:00 in New York: "next Tuesday" is the 15th in
    // UTC but the 8th there, and UTC's evening is over while New York's has begun.
    const ada = await createHumanIn(app, key, 'America/New_York', hours('08:00', '18:00'));
    app.clock.now = new Date('2030-01-08T02:00:00Z');
    const booked = await app.call('POST', '/v1/bookings', { key, body: bookingBody(ada, at('2030-01-08', '15:00'), 60) });
    expect(booked.status, booked.text).toBe(201);
    const starts = (res: { body: { slots?: { starts_at: string }[]; data?: { starts_at: string }[] } }) =>
      (res.body.slots ?? res.body.data ?? []).map((s) => s.starts_at).sort();
    const plain = await app.call('GET', `/v1/humans/${ada}/slots?duration=60&date_from=2030-01-08&date_to=2030-01-08`, { key });
    expect(starts(plain)).not.toContain(at('2030-01-08', '15:00'));
    expect(starts(plain)).toHaveLength(9);
    const when = encodeURIComponent('next Tuesday');
    for (const path of [
      `/v1/humans/${ada}/slots?duration=60&when=${when}`,
      `/v1/slots?human_ids=${ada}&mode=all&duration=60&when=${when}`,
      `/v1/suggestions?human_ids=${ada}&duration=60&when=${when}&limit=50`,
    ]) {
      const res = await app.call('GET', path, { key });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.body.interpreted_as, path).toMatchObject({ date_from: '2030-01-08', date_to: '2030-01-08' });
      expect(starts(res), path).not.toContain(at('2030-01-08', '15:00'));
      expect(starts(plain), path).toEqual(expect.arrayContaining(starts(res)));
    }

    app.clock.now = new Date('2030-01-07T21:30:00Z'); // 16:30 in New York; UTC's evening ended at 21:00
    const evening = await app.call('GET', `/v1/humans/${ada}/slots?duration=60&when=${encodeURIComponent('this evening')}`, { key });
    expect(evening.status, evening.text).toBe(200);
    expect(evening.body.interpreted_as).toMatchObject({ date_from: '2030-01-07', from_time: '17:00', to_time: '21:00' });
    expect(starts(evening)).toEqual([at('2030-01-07', '22:00')]);
  });

  it("measures a window's 62 days in the zone's dates, and refuses dates past 9999-12-30 with 422, not 500", async () => {
    // 2030-01-04 12:00 UTC is already Saturday the 5th on Kiritimati (UTC+14): "today to
    // March 7" is 62 dates there (63 in UTC).
    const kiritimati = await createHumanIn(app, key, 'Pacific/Kiritimati', hours());
    const long = await get(`/v1/humans/${kiritimati}/slots?duration=30&when=${encodeURIComponent('today to March 7')}`);
    expect(long.status, long.text).toBe(200);
    expect(long.body.interpreted_as).toMatchObject({ date_from: '2030-01-05', date_to: '2030-03-07', timezone: 'Pacific/Kiritimati' });
    const longer = await get(`/v1/humans/${kiritimati}/slots?duration=30&when=${encodeURIComponent('today to March 8')}`);
    expectEnvelope(longer, 422, 'VALIDATION_ERROR');
    expect(longer.body.error.message).toContain('(2030-01-05..2030-03-08, 00:00-24:00 Pacific/Kiritimati) covers 63 days');

    // The last dates a query takes: every read widened past them stops at 9999-12-31.
    const ada = await createHumanIn(app, key, 'Europe/Berlin', hours());
    for (const path of [
      `/v1/suggestions?human_ids=${ada}&duration=30&date_from=9999-12-30&date_to=9999-12-30`,
      `/v1/slots?human_ids=${ada}&mode=all&duration=30&date_from=9999-12-30&date_to=9999-12-30`,
      `/v1/humans/${ada}/slots?duration=30&date_from=9999-12-30&date_to=9999-12-30`,
    ]) {
      const res = await get(path);
      expect(res.status, `${path}: ${res.text}`).toBe(200);
    }
    for (const when of ['Dec 31 9999', 'December 9999', 'Dec 30 9999', 'Dec 29 9999']) {
      for (const path of [
        `/v1/suggestions?human_ids=${ada}&duration=30&when=${encodeURIComponent(when)}`,
        `/v1/slots?human_ids=${ada}&mode=all&duration=30&when=${encodeURIComponent(when)}`,
        `/v1/humans/${ada}/slots?duration=30&when=${encodeURIComponent(when)}`,
      ]) {
        const res = await get(path);
        if (when.includes('31') || when.startsWith('December')) {
          expectEnvelope(res, 422, 'VALIDATION_ERROR');
          expect(res.body.error.message, path).toContain('names a date outside 1900-01-01..9999-12-30');
        } else {
          expect(res.status, `${path}: ${res.text}`).toBe(200);
        }
      }
    }
  });
});
