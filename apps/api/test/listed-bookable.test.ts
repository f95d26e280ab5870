import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody } from './booking-fixtures.js';
import { addOverride, createHumanIn, listedStarts, WEEKDAYS } from './schedule-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

/*
 * The listed ⇔ bookable invariant over HTTP: a booking succeeds exactly when GET /slots lists that start.
 * A human in America/New_York over two weeks around the 2026-11-01 fall-back change, with a
 * weekly block, a whole-day block, open time on a Saturday, on the change day itself and on
 * Friday evenings (past 00:00Z, so local and UTC dates differ), and bookings. A small
 * reference model of this one schedule, written with fixed UTC offsets and independent of
 * the slot engine, says what must be listed and why anything else is refused.
 */

const H = 3_600_000;
const M = 60_000;
const TZ = 'America/New_York';
const DURATIONS = [30, 45, 60] as const;
const NOW = Date.parse('2026-10-20T00:00:00Z');
const DATE_FROM = '2026-10-26'; // a Monday
const DATE_TO = '2026-11-07'; // the second Saturday after
/** 02:00 EDT becomes 01:00 EST: the instant New York leaves summer time. */
const DST_END = Date.parse('2026-11-01T06:00:00Z');

interface Interval {
  start: number;
  end: number;
}

// ---- the reference model ----------------------------------------------------------------

const iso = (t: number) => new Date(t).toISOString().replace(/\.000Z$/, 'Z');
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 24 * H).toISOString().slice(0, 10);
/** The local date of an instant: EDT (UTC-4) before the change, EST (UTC-5) after. */
const dateOf = (t: number) => new Date(t - (t < DST_END ? 4 : 5) * H).toISOString().slice(0, 10);
/** A local time on a date with one offset all day (every date here but 2026-11-01). */
const local = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`) + (date < '2026-11-01' ? 4 : 5) * H;
const span = (date: string, from: string, to: string): Interval => ({ start: local(date, from), end: local(date, to) });

const DATES: string[] = [];
for (let d = DATE_FROM; d <= DATE_TO; d = nextDate(d)) DATES.push(d);

function windowsOn(date: string): Interval[] {
  // Open 01:00-03:00 on the change day: 01:00 is read as its first occurrence (EDT, 05:00Z)
  // and 03:00 is EST (08:00Z), so the window lasts three real hours.
  if (date === '2026-11-01') return [{ start: Date.parse('2026-11-01T05:00:00Z'), end: Date.parse('2026-11-01T08:00:00Z') }];
  const windows: Interval[] = [];
  // Fridays: 17:00-22:00 open time adjoins working hours, one window running past 00:00Z.
  if (weekday(date) === 5) windows.push(span(date, '09:00', '22:00'));
  else if (weekday(date) <= 5) windows.push(span(date, '09:00', '17:00'));
  if (date === '2026-10-31') windows.push(span(date, '10:00', '14:00'));
  return windows;
}

function blocksOn(date: string): Interval[] {
  const blocks: Interval[] = [];
  if (weekday(date) === 2 || weekday(date) === 4) blocks.push(span(date, '10:00', '11:00'));
  if (date === '2026-11-05') blocks.push({ start: local(date, '00:00'), end: local(nextDate(date), '00:00') });
  if (date === '2026-11-06') blocks.push(span(date, '20:00', '20:30'));
  return blocks;
}

const overlaps = (a: Interval, start: number, end: number) => a.start < end && start < a.end;

type Verdict = 'LISTED' | 'PAST' | 'OFF_GRID' | 'OUTSIDE_HOURS' | 'BLOCKED' | 'BOOKED';

/** Why a start of this duration is or is not bookable, in the documented check order. */
function verdict(start: number, duration: number, busy: Interval[]): Verdict {
  if (start <= NOW) return 'PAST';
  const end = start + duration * M;
  const windows = windowsOn(dateOf(start));
  const onGrid = windows.some((w) => start >= w.start && end <= w.end && (start - w.start) % (duration * M) === 0);
  if (!onGrid) return windows.some((w) => start >= w.start && start < w.end) ? 'OFF_GRID' : 'OUTSIDE_HOURS';
  if (blocksOn(dateOf(start)).some((b) => overlaps(b, start, end))) return 'BLOCKED';
  if (busy.some((b) => overlaps(b, start, end))) return 'BOOKED';
  return 'LISTED';
}

const REFUSAL: Record<Exclude<Verdict, 'LISTED'>, [number, string]> = {
  PAST: [422, 'VALIDATION_ERROR'],
  OFF_GRID: [422, 'OUTSIDE_WORKING_HOURS'],
  OUTSIDE_HOURS: [422, 'OUTSIDE_WORKING_HOURS'],
  BLOCKED: [422, 'SCHEDULE_BLOCKED'],
  BOOKED: [409, 'SLOT_UNAVAILABLE'],
};

/** Every quarter-hour instant of the range's local dates: all grids here sit on quarter hours. */
const CANDIDATES: number[] = [];
for (let t = local(DATE_FROM, '00:00'); t < local(nextDate(DATE_TO), '00:00'); t += 15 * M) CANDIDATES.push(t);

function expectedListing(duration: number, busy: Interval[]): string[] {
  return CANDIDATES.filter((t) => verdict(t, duration, busy) === 'LISTED').map(iso);
}

// ---- the test ----------------------------------------------------------------------------

let app: TestApp;
let key: string;
let human: string;
/** Confirmed bookings of the human, as the test made them. */
const busy: Interval[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.clock.now = new Date(NOW);
  key = (await app.createOrg('growth')).key;
  human = await createHumanIn(app, key, TZ, {
    working_days: WEEKDAYS,
    work_start: '09:00',
    work_end: '17:00',
    meeting_durations: [...DURATIONS],
  });
  await addOverride(app, key, human, {
    kind: 'block',
    start_date: '2026-10-01',
    end_date: '2026-12-31',
    start_time: '10:00',
    end_time: '11:00',
    weekdays: [2, 4],
    reason: 'Weekly meeting',
  });
  await addOverride(app, key, human, { kind: 'block', start_date: '2026-11-05', reason: 'Day off' });
  await addOverride(app, key, human, { kind: 'open', start_date: '2026-10-31', start_time: '10:00', end_time: '14:00' });
  await addOverride(app, key, human, { kind: 'open', start_date: '2026-11-01', start_time: '01:00', end_time: '03:00' });
  // Evening time whose UTC date is the next day: the server must judge by the local date.
  await addOverride(app, key, human, {
    kind: 'open',
    start_date: '2026-10-30',
    end_date: '2026-11-06',
    start_time: '17:00',
    end_time: '22:00',
    weekdays: [5],
  });
  await addOverride(app, key, human, { kind: 'block', start_date: '2026-11-06', start_time: '20:00', end_time: '20:30' });
  for (const [date, time, duration] of [
    ['2026-10-27', '14:00', 60],
    ['2026-10-29', '12:00', 45],
    ['2026-10-31', '11:00', 60],
    ['2026-11-02', '09:30', 30],
    ['2026-11-03', '15:00', 45],
    ['2026-10-30', '21:00', 60],
  ] as const) {
    await bookOk(local(date, time), duration);
  }
  await bookOk(Date.parse('2026-11-01T06:30:00Z'), 45); // 01:30 EST, the second 01:30 of the day
});
afterAll(() => app.close());

const book = (start: number, duration: number) => app.call('POST', '/v1/bookings', { key, body: bookingBody(human, iso(start), duration) });

async function bookOk(start: number, duration: number) {
  const res = await book(start, duration);
  expect(res.status, `${iso(start)} ${duration} min: ${res.text}`).toBe(201);
  busy.push({ start, end: start + duration * M });
}

const listing = (duration: number) => listedStarts(app, key, human, DATE_FROM, DATE_TO, duration);

async function listingsOfAllDurations() {
  const all = new Map<number, string[]>();
  for (const d of DURATIONS) all.set(d, await listing(d));
  return all;
}

describe('listed ⇔ bookable over HTTP (America/New_York, around 2026-11-01)', () => {
  it('lists exactly what the reference model of this schedule says', async () => {
    for (const d of DURATIONS) {
      const listed = await listing(d);
      expect(listed, `${d} min`).toEqual(expectedListing(d, busy));
      expect(listed.length, `${d} min`).toBeGreaterThan(50);
    }
    // Spot checks the model cannot get wrong the same way: EDT then EST, and the change day,
    // whose 06:30Z-07:15Z booking takes 06:30Z and 07:00Z.
    const thirty = await listing(30);
    expect(thirty).toContain('2026-10-30T13:00:00Z'); // Friday 09:00 EDT
    expect(thirty).toContain('2026-11-02T14:00:00Z'); // Monday 09:00 EST
    expect(thirty.filter((s) => s.startsWith('2026-11-01'))).toEqual(
      ['05:00', '05:30', '06:00', '07:30'].map((t) => `2026-11-01T${t}:00Z`),
    );
  });

  it('books every sampled listed start, and exactly the overlapping slots disappear', async () => {
    for (const d of DURATIONS) {
      const before = await listingsOfAllDurations();
      const sample = before.get(d)!.filter((_, i) => i % 7 === 3);
      expect(sample.length).toBeGreaterThan(5);
      for (const start of sample) await bookOk(Date.parse(start), d);
      const fresh = sample.map((s) => ({ start: Date.parse(s), end: Date.parse(s) + d * M }));

      const after = await listingsOfAllDurations();
      expect(after.get(d), `${d} min: exactly the booked starts are gone`).toEqual(before.get(d)!.filter((s) => !sample.includes(s)));
      for (const other of DURATIONS) {
        const survivors = before.get(other)!.filter((s) => !fresh.some((b) => overlaps(b, Date.parse(s), Date.parse(s) + other * M)));
        expect(after.get(other), `${other} min after booking ${d} min`).toEqual(survivors);
        expect(after.get(other)).toEqual(expectedListing(other, busy));
      }
    }
  });

  it('refuses every sampled unlisted start with the right code and never books one', async () => {
    const listed = await listingsOfAllDurations();
    // Every quarter-hour start the API does not list, with the reason it should give.
    const groups = new Map<string, [number, number][]>();
    for (const d of DURATIONS) {
      const shown = new Set(listed.get(d));
      for (const t of CANDIDATES) {
        const why = verdict(t, d, busy);
        expect(shown.has(iso(t)), `${iso(t)} ${d} min is ${why}`).toBe(why === 'LISTED');
        if (why === 'LISTED') continue;
        const group = `${why} ${d}`;
        groups.set(group, [...(groups.get(group) ?? []), [t, d]]);
      }
    }
    // Each reason for each duration, evenly spread over the range, plus starts before the clock.
    const sample: [number, number][] = [];
    for (const d of DURATIONS) {
      for (const why of ['OFF_GRID', 'OUTSIDE_HOURS', 'BLOCKED', 'BOOKED'] as const) {
        const group = groups.get(`${why} ${d}`) ?? [];
        expect(group.length, `${why} ${d} min has candidates`).toBeGreaterThan(0);
        const step = Math.max(1, Math.floor(group.length / 9));
        for (let i = Math.floor(step / 2); i < group.length; i += step) sample.push(group[i]!);
      }
      for (const t of ['2026-10-19T13:00:00Z', '2026-10-19T13:15:00Z', '2026-10-19T23:59:59Z', iso(NOW)]) sample.push([Date.parse(t), d]);
    }
    expect(sample.length).toBeLessThan(200);

    const wrong: string[] = [];
    let created = 0;
    for (const [t, d] of sample) {
      const why = verdict(t, d, busy) as Exclude<Verdict, 'LISTED'>;
      const res = await book(t, d);
      if (res.status === 201) created++;
      const got = [res.status, res.body?.error?.code];
      if (got[0] !== REFUSAL[why][0] || got[1] !== REFUSAL[why][1]) wrong.push(`${iso(t)} ${d} min (${why}): got ${got.join(' ')}`);
    }
    expect(wrong).toEqual([]);
    expect(created).toBe(0);
    // Nothing changed: the listings are as before and no booking was added.
    expect(await listingsOfAllDurations()).toEqual(listed);
    const rows = await app.database.store.db.booking.count({ where: { humanId: human, status: 'confirmed' } });
    expect(rows).toBe(busy.length);
  });
});
