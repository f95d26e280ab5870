import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingBody } from './booking-fixtures.js';
import {
  addOverride,
  createHumanIn,
  EVERY_DAY,
  expectError,
  expectInvalid,
  listedStarts,
  slotsPath,
  utc,
  WEEKDAYS,
} from './schedule-fixtures.js';
import { useTestApp, type TestApp } from './test-app.js';

const NOBODY = '00000000-0000-4000-8000-000000000000';
const NINE_TO_FIVE = { working_days: WEEKDAYS, work_start: '09:00', work_end: '17:00' };

let app: TestApp;
let key: string;
useTestApp({ plan: 'growth' }, (ctx) => {
  ({ app, key } = ctx);
});
// Every date below lies after this instant, so "starts in the future" removes nothing unless a
// test moves the clock on purpose.
beforeEach(() => {
  app.clock.now = new Date('2026-01-01T00:00:00Z');
});

const slots = (humanId: string, from: string, to: string, duration: number | string) =>
  app.call('GET', slotsPath(humanId, from, to, duration), { key });
const starts = (humanId: string, from: string, to: string, duration: number) => listedStarts(app, key, humanId, from, to, duration);
const book = (humanId: string, startsAt: string, duration: number) =>
  app.call('POST', '/v1/bookings', { key, body: bookingBody(humanId, startsAt, duration) });

describe('GET /v1/humans/{id}/slots: shape', () => {
  it('answers {slots: [{starts_at, ends_at}], timezone, duration}, sorted ascending', async () => {
    const human = await createHumanIn(app, key, 'UTC', {
      working_days: WEEKDAYS,
      work_start: '09:00',
      work_end: '12:00',
      meeting_durations: [30, 60],
    });
    const res = await slots(human, '2026-06-01', '2026-06-01', 60);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      slots: [
        { starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T10:00:00Z' },
        { starts_at: '2026-06-01T10:00:00Z', ends_at: '2026-06-01T11:00:00Z' },
        { starts_at: '2026-06-01T11:00:00Z', ends_at: '2026-06-01T12:00:00Z' },
      ],
      timezone: 'UTC',
      duration: 60,
    });
    // A Saturday and Sunday have no working hours: an empty list, not an error.
    expect((await slots(human, '2026-06-06', '2026-06-07', 30)).body).toEqual({ slots: [], timezone: 'UTC', duration: 30 });
  });
});

describe('GET /v1/humans/{id}/slots: DST', () => {
  it('follows real time on the New York spring-forward day', async () => {
    const human = await createHumanIn(app, key, 'America/New_York', {
      working_days: [7],
      work_start: '01:00',
      work_end: '04:00',
      meeting_durations: [30],
    });
    const res = await slots(human, '2026-03-08', '2026-03-08', 30);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      slots: [
        { starts_at: '2026-03-08T06:00:00Z', ends_at: '2026-03-08T06:30:00Z' },
        { starts_at: '2026-03-08T06:30:00Z', ends_at: '2026-03-08T07:00:00Z' },
        { starts_at: '2026-03-08T07:00:00Z', ends_at: '2026-03-08T07:30:00Z' },
        { starts_at: '2026-03-08T07:30:00Z', ends_at: '2026-03-08T08:00:00Z' },
      ],
      timezone: 'America/New_York',
      duration: 30,
    });
    // The Sundays either side: three real hours each, on EST (UTC-5) and then EDT (UTC-4).
    expect(await starts(human, '2026-03-01', '2026-03-15', 30)).toEqual([
      ...utc('2026-03-01', '06:00', '06:30', '07:00', '07:30', '08:00', '08:30'),
      ...utc('2026-03-08', '06:00', '06:30', '07:00', '07:30'),
      ...utc('2026-03-15', '05:00', '05:30', '06:00', '06:30', '07:00', '07:30'),
    ]);
  });

  it('follows real time on the Berlin fall-back day: 01:00-04:00 local lasts four hours', async () => {
    const human = await createHumanIn(app, key, 'Europe/Berlin', {
      working_days: [7],
      work_start: '01:00',
      work_end: '04:00',
      meeting_durations: [60],
    });
    const res = await slots(human, '2026-10-25', '2026-10-25', 60);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      slots: [
        { starts_at: '2026-10-24T23:00:00Z', ends_at: '2026-10-25T00:00:00Z' },
        { starts_at: '2026-10-25T00:00:00Z', ends_at: '2026-10-25T01:00:00Z' },
        { starts_at: '2026-10-25T01:00:00Z', ends_at: '2026-10-25T02:00:00Z' },
        { starts_at: '2026-10-25T02:00:00Z', ends_at: '2026-10-25T03:00:00Z' },
      ],
      timezone: 'Europe/Berlin',
      duration: 60,
    });
    // Local dates, not UTC dates: 01:00 CEST on the 18th is 23:00Z on the 17th.
    expect(await starts(human, '2026-10-18', '2026-11-01', 60)).toEqual([
      '2026-10-17T23:00:00Z',
      ...utc('2026-10-18', '00:00', '01:00'),
      '2026-10-24T23:00:00Z',
      ...utc('2026-10-25', '00:00', '01:00', '02:00'),
      ...utc('2026-11-01', '00:00', '01:00', '02:00'),
    ]);
  });
});

describe('GET /v1/humans/{id}/slots: overrides', () => {
  it('removes whole days for a vacation block, and gives them back when it is deleted', async () => {
    const human = await createHumanIn(app, key, 'Europe/Berlin', { ...NINE_TO_FIVE, meeting_durations: [60] });
    const vacation = await addOverride(app, key, human, {
      kind: 'block',
      start_date: '2026-10-20',
      end_date: '2026-10-22',
      reason: 'Vacation',
    });
    const day = (date: string) => utc(date, '07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00');
    expect(await starts(human, '2026-10-19', '2026-10-23', 60)).toEqual([...day('2026-10-19'), ...day('2026-10-23')]);
    expectError(await book(human, '2026-10-21T07:00:00Z', 60), 422, 'SCHEDULE_BLOCKED');
    expect((await app.call('DELETE', `/v1/humans/${human}/overrides/${vacation.id}`, { key })).status).toBe(204);
    expect((await book(human, '2026-10-21T07:00:00Z', 60)).status).toBe(201);
    expect(await starts(human, '2026-10-19', '2026-10-23', 60)).toEqual(
      ['2026-10-19', '2026-10-20', '2026-10-21', '2026-10-22', '2026-10-23'].flatMap(day).filter((s) => s !== '2026-10-21T07:00:00Z'),
    );
  });

  it('keeps a weekly 10:00-11:00 block at local 10:00 across the DST change, without shifting the grid', async () => {
    const human = await createHumanIn(app, key, 'Europe/Berlin', { ...NINE_TO_FIVE, meeting_durations: [60, 45] });
    await addOverride(app, key, human, {
      kind: 'block',
      start_date: '2026-10-01',
      end_date: '2026-11-30',
      start_time: '10:00',
      end_time: '11:00',
      weekdays: [1, 3],
      reason: 'Weekly sync',
    });
    // CEST (UTC+2) until Sunday 2026-10-25, CET (UTC+1) after. The block hits Mondays and
    // Wednesdays only: local 10:00 is 08:00Z before the change and 09:00Z after it.
    const summerBlocked = utc('', '07:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00');
    const summerFree = utc('', '07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00');
    const winterBlocked = utc('', '08:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00');
    const winterFree = utc('', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00');
    const on = (date: string, times: string[]) => times.map((t) => date + t);
    expect(await starts(human, '2026-10-19', '2026-10-28', 60)).toEqual([
      ...on('2026-10-19', summerBlocked),
      ...on('2026-10-20', summerFree),
      ...on('2026-10-21', summerBlocked),
      ...on('2026-10-22', summerFree),
      ...on('2026-10-23', summerFree),
      ...on('2026-10-26', winterBlocked),
      ...on('2026-10-27', winterFree),
      ...on('2026-10-28', winterBlocked),
    ]);
    // The 45-minute grid still runs 09:00, 09:45, 10:30, 11:15, ... local: the block removes
    // 09:45 and 10:30 and does not restart the grid at 11:00.
    expect(await starts(human, '2026-10-26', '2026-10-26', 45)).toEqual(
      utc('2026-10-26', '08:00', '10:15', '11:00', '11:45', '12:30', '13:15', '14:00', '14:45'),
    );
  });

  it('adds slots on non-working days for open overrides, and a block still wins', async () => {
    const human = await createHumanIn(app, key, 'Europe/Berlin', { ...NINE_TO_FIVE, meeting_durations: [60] });
    await addOverride(app, key, human, {
      kind: 'open',
      start_date: '2026-10-24',
      end_date: '2026-10-25',
      start_time: '10:00',
      end_time: '12:00',
    });
    // Saturday on CEST, Sunday (the change day) on CET by 10:00.
    expect(await starts(human, '2026-10-24', '2026-10-25', 60)).toEqual([
      ...utc('2026-10-24', '08:00', '09:00'),
      ...utc('2026-10-25', '09:00', '10:00'),
    ]);
    expect(await starts(human, '2026-10-31', '2026-10-31', 60)).toEqual([]);

    await addOverride(app, key, human, {
      kind: 'open',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      start_time: '08:00',
      end_time: '10:00',
      weekdays: [6],
    });
    expect(await starts(human, '2026-11-07', '2026-11-08', 60)).toEqual(utc('2026-11-07', '07:00', '08:00'));
    // A block over 08:30-09:00 local takes only the slot it overlaps; the grid stays put.
    await addOverride(app, key, human, { kind: 'block', start_date: '2026-11-07', start_time: '08:30', end_time: '09:00' });
    expect(await starts(human, '2026-11-07', '2026-11-08', 60)).toEqual(utc('2026-11-07', '08:00'));
    // A whole-day block beats an open override on the same date.
    await addOverride(app, key, human, { kind: 'block', start_date: '2026-11-14' });
    expect(await starts(human, '2026-11-14', '2026-11-14', 60)).toEqual([]);
    expect(await starts(human, '2026-11-21', '2026-11-21', 60)).toEqual(utc('2026-11-21', '07:00', '08:00'));
  });

  it('merges an open override that touches or overlaps working hours into one window with one grid', async () => {
    const human = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [45] });
    const base = utc('2026-06-01', '09:00', '09:45', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00', '15:45');
    expect(await starts(human, '2026-06-01', '2026-06-01', 45)).toEqual(base);
    // 17:00-19:00 adjoins 09:00-17:00: the grid continues through 16:30 (not restarting at 17:00).
    await addOverride(app, key, human, { kind: 'open', start_date: '2026-06-01', start_time: '17:00', end_time: '19:00' });
    expect(await starts(human, '2026-06-01', '2026-06-01', 45)).toEqual([...base, ...utc('2026-06-01', '16:30', '17:15', '18:00')]);
    // 08:00-09:00 before it: the merged window starts at 08:00 and so does its grid.
    await addOverride(app, key, human, { kind: 'open', start_date: '2026-06-02', start_time: '08:00', end_time: '09:00' });
    expect(await starts(human, '2026-06-02', '2026-06-02', 45)).toEqual(
      utc('2026-06-02', '08:00', '08:45', '09:30', '10:15', '11:00', '11:45', '12:30', '13:15', '14:00', '14:45', '15:30', '16:15'),
    );
    // 16:00-18:00 overlaps it: one window 09:00-18:00.
    await addOverride(app, key, human, { kind: 'open', start_date: '2026-06-03', start_time: '16:00', end_time: '18:00' });
    expect(await starts(human, '2026-06-03', '2026-06-03', 45)).toEqual([
      ...utc('2026-06-03', '09:00', '09:45', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00', '15:45', '16:30', '17:15'),
    ]);
  });
});

describe('GET /v1/humans/{id}/slots: bookings and the clock', () => {
  it('removes exactly the slots a confirmed booking overlaps, and a cancellation gives them back', async () => {
    const human = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [30, 60] });
    const other = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [30, 60] });
    const date = '2026-06-03';
    const all30 = utc(
      date,
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    );
    const all60 = utc(date, '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00');
    const short = await book(human, `${date}T10:30:00Z`, 30);
    expect(short.status, short.text).toBe(201);
    expect((await book(human, `${date}T13:00:00Z`, 60)).status).toBe(201);
    // Another human's booking takes nothing from this one.
    expect((await book(other, `${date}T15:00:00Z`, 60)).status).toBe(201);

    const without = (list: string[], ...gone: string[]) => list.filter((s) => !gone.some((t) => s.endsWith(`T${t}:00Z`)));
    expect(await starts(human, date, date, 30)).toEqual(without(all30, '10:30', '13:00', '13:30'));
    expect(await starts(human, date, date, 60)).toEqual(without(all60, '10:00', '13:00'));

    expect((await app.call('DELETE', `/v1/bookings/${short.body.id}`, { key })).status).toBe(200);
    expect(await starts(human, date, date, 30)).toEqual(without(all30, '13:00', '13:30'));
    expect(await starts(human, date, date, 60)).toEqual(without(all60, '13:00'));
  });

  it('judges by local dates at the extremes of UTC offsets (UTC+14 and UTC-12)', async () => {
    const east = await createHumanIn(app, key, 'Pacific/Kiritimati', {
      working_days: EVERY_DAY,
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [60],
    });
    const west = await createHumanIn(app, key, 'Etc/GMT+12', {
      working_days: EVERY_DAY,
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [60],
    });
    // Local 09:00 and 16:00 on 2026-06-01 fall on different UTC dates, both away from it.
    for (const [human, first, last] of [
      [east, '2026-05-31T19:00:00Z', '2026-06-01T02:00:00Z'],
      [west, '2026-06-01T21:00:00Z', '2026-06-02T04:00:00Z'],
    ] as const) {
      expect((await book(human, first, 60)).status).toBe(201);
      expect((await book(human, last, 60)).status).toBe(201);
    }
    expect(await starts(east, '2026-06-01', '2026-06-01', 60)).toEqual([
      ...utc('2026-05-31', '20:00', '21:00', '22:00', '23:00'),
      ...utc('2026-06-01', '00:00', '01:00'),
    ]);
    expect(await starts(west, '2026-06-01', '2026-06-01', 60)).toEqual([
      ...utc('2026-06-01', '22:00', '23:00'),
      ...utc('2026-06-02', '00:00', '01:00', '02:00', '03:00'),
    ]);
    // A whole-day block on local 2026-06-02 takes that local day, whose slots start on UTC 06-01.
    await addOverride(app, key, east, { kind: 'block', start_date: '2026-06-02' });
    expect(await starts(east, '2026-06-02', '2026-06-03', 60)).toEqual([
      ...utc('2026-06-02', '19:00', '20:00', '21:00', '22:00', '23:00'),
      ...utc('2026-06-03', '00:00', '01:00', '02:00'),
    ]);
  });

  it('lists only slots that start after the service clock', async () => {
    const human = await createHumanIn(app, key, 'UTC', {
      working_days: EVERY_DAY,
      work_start: '09:00',
      work_end: '17:00',
      meeting_durations: [30],
    });
    const afternoon = utc('2026-06-01', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30');
    app.clock.now = new Date('2026-06-01T12:10:00Z');
    expect(await starts(human, '2026-05-31', '2026-06-01', 30)).toEqual(['2026-06-01T12:30:00Z', ...afternoon]);
    // A slot starting exactly now is not in the future.
    app.clock.now = new Date('2026-06-01T12:30:00Z');
    expect(await starts(human, '2026-06-01', '2026-06-01', 30)).toEqual(afternoon);
    app.clock.now = new Date('2026-06-01T16:30:00Z');
    expect(await starts(human, '2026-06-01', '2026-06-02', 30)).toEqual(
      utc(
        '2026-06-02',
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '11:30',
        '12:00',
        '12:30',
        '13:00',
        '13:30',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
        '16:30',
      ),
    );
    // A range wholly in the past is not an error, just empty.
    app.clock.now = new Date('2026-06-03T00:00:00Z');
    expect((await slots(human, '2026-06-01', '2026-06-02', 30)).body).toEqual({ slots: [], timezone: 'UTC', duration: 30 });
  });

  it('answers the same query twice with identical bodies', async () => {
    const human = await createHumanIn(app, key, 'America/New_York', {
      working_days: EVERY_DAY,
      work_start: '08:00',
      work_end: '18:00',
      meeting_durations: [25],
    });
    await addOverride(app, key, human, {
      kind: 'block',
      start_date: '2026-10-26',
      end_date: '2026-11-06',
      start_time: '12:00',
      end_time: '13:10',
      weekdays: [1, 3, 5],
    });
    await addOverride(app, key, human, { kind: 'open', start_date: '2026-11-01', start_time: '00:30', end_time: '03:00' });
    expect((await book(human, '2026-10-27T12:00:00Z', 25)).status).toBe(201);
    const first = await slots(human, '2026-10-20', '2026-11-10', 25);
    const second = await slots(human, '2026-10-20', '2026-11-10', 25);
    expect(first.status).toBe(200);
    expect(first.body.slots.length).toBeGreaterThan(300);
    expect(second.text).toBe(first.text);
  });
});

describe('GET /v1/humans/{id}/slots: refusals', () => {
  let human: string;
  beforeAll(async () => {
    human = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [30, 60] });
  });
  const get = (query: string, humanId = human, k = key) => app.call('GET', `/v1/humans/${humanId}/slots${query}`, { key: k });

  it('answers 422 naming each missing parameter', async () => {
    // The dates are checked with `when` (one or the other) once the fields are well formed.
    expectInvalid(await get(''), ['duration']);
    expectInvalid(await get('?duration=30'), ['date_from', 'date_to']);
    expectInvalid(await get('?date_to=2026-06-01&duration=30'), ['date_from']);
    expectInvalid(await get('?date_from=2026-06-01&duration=30'), ['date_to']);
    expectInvalid(await get('?date_from=2026-06-01&date_to=2026-06-01'), ['duration']);
  });

  it.each([
    ['date_from=2026-02-30&date_to=2026-03-01', ['date_from']],
    ['date_from=2026-06-01&date_to=2026-13-01', ['date_to']],
    ['date_from=tomorrow&date_to=2026-06-01', ['date_from']],
    ['date_from=2026-06-01T00:00:00Z&date_to=2026-06-01', ['date_from']],
    ['date_from=2026-06-02&date_to=2026-06-01', ['date_to']],
    ['date_from=2026-01-01&date_to=2026-03-04', ['date_to']],
    ['date_from=2026-06-01&date_to=2026-06-01&duration=abc', ['duration']],
    ['date_from=2026-06-01&date_to=2026-06-01&duration=0', ['duration']],
    ['date_from=2026-06-01&date_to=2026-06-01&duration=-30', ['duration']],
    ['date_from=2026-06-01&date_to=2026-06-01&duration=30.5', ['duration']],
    ['date_from=2026-06-01&date_to=2026-06-01&duration=', ['duration']],
  ])('answers 422 VALIDATION_ERROR for %s', async (query, fields) => {
    const withDuration = query.includes('duration=') ? query : `${query}&duration=30`;
    expectInvalid(await get(`?${withDuration}`), fields);
  });

  it('accepts 62 dates (63 are refused above)', async () => {
    // 2026-01-01 is a Thursday: 44 weekdays up to 2026-03-03, eight hourly slots each.
    const listed = await starts(human, '2026-01-01', '2026-03-03', 60);
    expect(listed).toHaveLength(44 * 8);
    expect([listed[0], listed.at(-1)]).toEqual(['2026-01-01T09:00:00Z', '2026-03-03T16:00:00Z']);
  });

  it('answers 422 INVALID_DURATION listing the allowed durations', async () => {
    const res = await get('?date_from=2026-06-01&date_to=2026-06-01&duration=45');
    expectError(res, 422, 'INVALID_DURATION');
    expect(res.body.error.message).toMatch(/30, 60/);
  });

  it('answers 404 for an unknown, malformed, deleted or foreign human, before the duration check', async () => {
    const deleted = await createHumanIn(app, key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [30] });
    expect((await app.call('DELETE', `/v1/humans/${deleted}`, { key })).status).toBe(204);
    const other = await app.createOrg('free');
    const foreign = await createHumanIn(app, other.key, 'UTC', { ...NINE_TO_FIVE, meeting_durations: [30] });
    for (const id of [NOBODY, 'not-a-uuid', deleted, foreign]) {
      expectError(await get('?date_from=2026-06-01&date_to=2026-06-01&duration=30', id), 404, 'NOT_FOUND');
      expectError(await get('?date_from=2026-06-01&date_to=2026-06-01&duration=45', id), 404, 'NOT_FOUND');
    }
    // Its own organization still sees it.
    expect((await get('?date_from=2026-06-01&date_to=2026-06-01&duration=30', foreign, other.key)).status).toBe(200);
  });

  it('answers 401 without a key', async () => {
    expectError(await get('?date_from=2026-06-01&date_to=2026-06-01&duration=30', human, ''), 401, 'UNAUTHORIZED');
  });
});
