import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { parseDay } from './calendar-day.js';
import { checkBooking } from './check-booking.js';
import { computeSlots, computeSlotsWithExpiry } from './compute-slots.js';
import { planDay } from './day-plan.js';
import { localDateOf, localDateRangeToInterval } from './local-date-range.js';
import { referenceDays, referenceGrid } from './reference-model.js';
import { prepareRules } from './rules.js';
import type { BookingCheck, Interval, OverrideRule, SlotQuery } from './types.js';
import { createZoneClock } from './zone-clock.js';

// Each zone with the days its offset changes (or an ordinary day when it never does).
const ZONE_DAYS: Array<[string, string[]]> = [
  ['America/New_York', ['2026-03-08', '2026-11-01']],
  ['Europe/Berlin', ['2026-03-29', '2026-10-25']],
  ['Australia/Lord_Howe', ['2026-10-04', '2026-04-05']], // 30-minute DST
  ['Asia/Kolkata', ['2026-06-15']], // :30 offset, no DST
  ['UTC', ['2026-06-15']],
  ['America/Sao_Paulo', ['2018-11-04', '2019-02-17']], // changes at midnight (DST ended 2019)
  ['America/Santiago', ['2026-09-06', '2026-04-05']], // changes at 24:00
];
const ZONES = ZONE_DAYS.map(([zone]) => zone);
const ANCHORS = ZONE_DAYS.flatMap(([, days]) => days);
// Mostly a zone on its own transition days; sometimes any zone on any of those days.
const zoneDayArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(...ZONE_DAYS).chain(([zone, days]) => fc.tuple(fc.constant(zone), fc.constantFrom(...days))),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...ZONES), fc.constantFrom(...ANCHORS)) },
);
const DURATIONS = [5, 7, 15, 30, 45, 60, 90, 240];

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
// Times cluster around midnight and the small hours, where the transitions are.
const minuteArb = fc.oneof(
  fc.integer({ min: 0, max: 1439 }),
  fc.constantFrom(0, 30, 60, 75, 90, 105, 120, 135, 150, 165, 180, 1380, 1410, 1425),
);
const spanArb = fc
  .tuple(minuteArb, minuteArb)
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => [hhmm(Math.min(a, b)), hhmm(Math.max(a, b))] as const);
const unitArb = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const weekdaysArb = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });

const scenarioArb = fc.record({
  zoneDay: zoneDayArb,
  shift: fc.integer({ min: -2, max: 1 }),
  days: fc.integer({ min: 1, max: 4 }),
  // Often every day, so that the (short) ranges usually have some open time to test.
  workingDays: fc.oneof(fc.constant<number[]>([1, 2, 3, 4, 5, 6, 7]), weekdaysArb),
  work: spanArb,
  overrides: fc.array(
    fc.record({
      kind: fc.constantFrom('block' as const, 'open' as const),
      from: fc.integer({ min: -2, max: 4 }),
      length: fc.integer({ min: 0, max: 3 }),
      times: fc.option(spanArb, { freq: 3 }),
      weekdays: fc.option(weekdaysArb),
    }),
    { maxLength: 5 },
  ),
  busy: fc.array(
    fc.record({
      at: fc.integer({ min: -600, max: 5 * 1440 }),
      minutes: fc.integer({ min: 0, max: 240 }),
      jitter: fc.integer({ min: 0, max: 59_999 }),
    }),
    { maxLength: 8 },
  ),
  durationMinutes: fc.constantFrom(...DURATIONS),
  // Minutes after the range starts; often on a quarter hour, where window starts cluster.
  now: fc.option(
    fc.oneof(
      fc.integer({ min: -600, max: 4 * 1440 }),
      fc.integer({ min: -40, max: 4 * 96 }).map((n) => n * 15),
    ),
    { freq: 2 },
  ),
  // Sometimes `now` is exactly a window start or a grid point, the edge of "starts in the future".
  nowOnGrid: fc.option(fc.tuple(fc.boolean(), unitArb), { freq: 2 }),
  probes: fc.array(unitArb, { minLength: 20, maxLength: 20 }),
  // Half the scenarios run with random scheduling rules, each rule present or not.
  rules: fc.option(
    fc.record(
      {
        bufferBefore: fc.integer({ min: 0, max: 240 }),
        bufferAfter: fc.integer({ min: 0, max: 240 }),
        minimumNotice: fc.oneof(fc.integer({ min: 0, max: 3 * 1440 }), fc.constantFrom(0, 15, 60, 1440)),
        bookingHorizonDays: fc.integer({ min: 1, max: 5 }),
        slotInterval: fc.constantFrom(5, 10, 15, 20, 30, 45, 60, 90),
        maxBookingsPerDay: fc.integer({ min: 1, max: 4 }),
      },
      { requiredKeys: [] },
    ),
    { freq: 2 },
  ),
  // Bookings already held on each day of the range (index = day offset).
  dayCounts: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 4, maxLength: 4 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function toQuery(s: Scenario): SlotQuery {
  const [timezone, anchor] = s.zoneDay;
  const date = (offset: number) =>
    DateTime.fromISO(anchor, { zone: 'utc' })
      .plus({ days: s.shift + offset })
      .toISODate()!;
  const dateFrom = date(0);
  const dateTo = date(s.days - 1);
  const base = localDateRangeToInterval(timezone, dateFrom, dateTo).start;
  const overrides: OverrideRule[] = s.overrides.map((o) => {
    const times = o.kind === 'open' ? (o.times ?? ['10:00', '11:00']) : o.times;
    return {
      kind: o.kind,
      startDate: date(o.from),
      endDate: date(o.from + o.length),
      startTime: times?.[0] ?? null,
      endTime: times?.[1] ?? null,
      weekdays: o.weekdays,
    };
  });
  const q: SlotQuery = {
    timezone,
    schedule: { workingDays: s.workingDays, workStart: s.work[0], workEnd: s.work[1] },
    overrides,
    busy: s.busy.map((b) => {
      const start = base + b.at * 60_000 + (b.jitter % 3 === 0 ? b.jitter : 0);
      return { start, end: start + b.minutes * 60_000 };
    }),
    dateFrom,
    dateTo,
    durationMinutes: s.durationMinutes,
    now: s.now === null ? 0 : base + s.now * 60_000,
  };
  if (s.rules !== null) {
    q.rules = s.rules;
    q.bookingsPerDay = Object.fromEntries(s.dayCounts.map((n, i) => [date(i), n]));
  }
  if (s.nowOnGrid !== null) {
    const [windowStartsOnly, pick] = s.nowOnGrid;
    const candidates = windowStartsOnly
      ? referenceDays(q).flatMap((d) => d.windows.map((w) => w.start))
      : referenceGrid(q).map((p) => p.start);
    const chosen = candidates[Math.floor(pick * candidates.length)];
    if (chosen !== undefined) q.now = chosen;
  }
  return q;
}

const bookingFor = (q: SlotQuery, start: number): BookingCheck => ({ ...q, meetingDurations: [q.durationMinutes], start });
const RUNS = { numRuns: 120, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) };

describe('computeSlots properties', () => {
  it('lists slots inside open windows, on their grid, clear of blocks and bookings, after now: exactly the reference model’s', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const q = toQuery(s);
        const slots = computeSlots(q);
        const length = q.durationMinutes * 60_000;
        const days = referenceDays(q);
        for (let i = 0; i < slots.length; i++) {
          const { start, end } = slots[i]!;
          expect(end - start).toBe(length);
          expect(start).toBeGreaterThan(q.now);
          if (i > 0) expect(start).toBeGreaterThan(slots[i - 1]!.start);
          const day = days.find((d) => d.date === localDateOf(q.timezone, start));
          expect(day).toBeDefined();
          expect(day!.blocks.some((b) => b.start < end && start < b.end)).toBe(false);
          // Every rule holds for every listed start.
          const r = q.rules ?? {};
          const bufferedStart = start - (r.bufferBefore ?? 0) * 60_000;
          const bufferedEnd = end + (r.bufferAfter ?? 0) * 60_000;
          expect(q.busy.some((b) => b.start < b.end && b.start < bufferedEnd && bufferedStart < b.end)).toBe(false);
          expect(start).toBeGreaterThanOrEqual(q.now + (r.minimumNotice ?? 0) * 60_000);
          if (r.bookingHorizonDays !== undefined) expect(start).toBeLessThanOrEqual(q.now + r.bookingHorizonDays * 86_400_000);
          const step = (r.slotInterval ?? q.durationMinutes) * 60_000;
          expect(day!.windows.some((w) => start >= w.start && end <= w.end && (start - w.start) % step === 0)).toBe(true);
          if (r.maxBookingsPerDay !== undefined) {
            expect(q.bookingsPerDay?.[day!.date] ?? 0).toBeLessThan(r.maxBookingsPerDay);
          }
        }
        const expected = referenceGrid(q)
          .filter((p) => p.refusal === null)
          .map((p) => p.start);
        expect(slots.map((x) => x.start)).toEqual(expected);
        // A day's slots do not depend on which range asked for it.
        const dayByDay = days.flatMap((d) => computeSlots({ ...q, dateFrom: d.date, dateTo: d.date }));
        expect(dayByDay).toEqual(slots);
      }),
      RUNS,
    );
  });

  it('lists the very same slots at any later now before unchangedUntil, and not always at unchangedUntil', () => {
    let changedAtBound = 0;
    fc.assert(
      fc.property(scenarioArb, unitArb, (s, pick) => {
        const q = toQuery(s);
        const { slots, unchangedUntil } = computeSlotsWithExpiry(q);
        expect(unchangedUntil).toBeGreaterThanOrEqual(q.now);
        if (unchangedUntil === Number.POSITIVE_INFINITY) return;
        const last = unchangedUntil - 1;
        for (const later of [Math.floor(q.now + pick * (last - q.now)), last]) {
          if (later >= q.now) expect(computeSlots({ ...q, now: later })).toEqual(slots);
        }
        if (JSON.stringify(computeSlots({ ...q, now: unchangedUntil })) !== JSON.stringify(slots)) changedAtBound++;
      }),
      RUNS,
    );
    // The bound is tight in practice, not merely safe: the answer often changes right at it.
    expect(changedAtBound).toBeGreaterThan(0);
  });

  it('rules that are off (zero buffers and notice, interval = duration) change nothing', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const q = toQuery({ ...s, rules: null });
        const neutral = { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, slotInterval: q.durationMinutes };
        expect(computeSlots({ ...q, rules: neutral, bookingsPerDay: { [q.dateFrom]: 99 } })).toEqual(computeSlots(q));
      }),
      RUNS,
    );
  });
});

describe('checkBooking properties', () => {
  it('accepts every listed slot and refuses every other start in the range, with the reference reason', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const q = toQuery(s);
        const listed = new Set(computeSlots(q).map((x) => x.start));
        for (const start of listed) expect(checkBooking(bookingFor(q, start))).toEqual({ ok: true });

        for (const point of referenceGrid(q)) {
          if (point.refusal === null) continue;
          expect(checkBooking(bookingFor(q, point.start))).toEqual({ ok: false, reason: point.refusal });
        }

        const range = localDateRangeToInterval(q.timezone, q.dateFrom, q.dateTo);
        const span = range.end - range.start;
        s.probes.forEach((p, i) => {
          // Half the probes land on whole 5 minutes, where grid points live.
          const raw = range.start + Math.floor(p * span);
          const start = i % 2 === 0 ? raw - (raw % 300_000) : raw;
          if (start < range.start) return;
          expect(checkBooking(bookingFor(q, start)).ok).toBe(listed.has(start));
        });
      }),
      RUNS,
    );
  });
});

// Spring-forward days only: no local time is ambiguous there, so the local ranges of a date
// mean exactly "the instants at which the local clock shows a time in them". Checked against
// luxon's reading of each instant (not against any local → instant conversion).
const SPRING_DAYS: Array<[string, string, number]> = [
  // zone, date, local minute at which the gap starts
  ['America/New_York', '2026-03-08', 120],
  ['Europe/Berlin', '2026-03-29', 120],
  ['Australia/Lord_Howe', '2026-10-04', 120], // 30-minute gap
  ['America/Sao_Paulo', '2018-11-04', 0], // the day starts in the gap
  ['America/Santiago', '2026-09-06', 0],
];

/** The local clock (minutes since midnight) at each whole minute of the date, read by luxon. */
const readingsCache = new Map<string, { start: number; readings: number[] }>();
function clockReadings(zone: string, date: string): { start: number; readings: number[] } {
  const key = `${zone} ${date}`;
  let cached = readingsCache.get(key);
  if (cached === undefined) {
    const { start, end } = localDateRangeToInterval(zone, date, date);
    const readings: number[] = [];
    for (let t = start; t < end; t += 60_000) {
      const local = DateTime.fromMillis(t, { zone });
      expect(local.toISODate()).toBe(date);
      readings.push(local.hour * 60 + local.minute);
    }
    cached = { start, readings };
    readingsCache.set(key, cached);
  }
  return cached;
}

const gapScenarioArb = fc.constantFrom(...SPRING_DAYS).chain(([zone, date, gapStart]) => {
  const near = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: gapStart - 90, max: gapStart + 150 }).map((m) => Math.min(1440, Math.max(0, m))) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 1440 }) },
  );
  const range = fc
    .tuple(near, near)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
  return fc.record({
    zone: fc.constant(zone),
    date: fc.constant(date),
    work: fc.option(range),
    opens: fc.array(range, { maxLength: 3 }),
    blocks: fc.array(range, { maxLength: 3 }),
    durationMinutes: fc.constantFrom(5, 15, 30, 60),
  });
});

describe('spring-forward gap properties', () => {
  it('windows and blocks are exactly the instants whose local clock reading lies in their ranges; a block always wins', () => {
    fc.assert(
      fc.property(gapScenarioArb, (s) => {
        const hm = (m: number) => (m === 1440 ? '24:00' : hhmm(m));
        const timed = (kind: 'block' | 'open', [a, b]: readonly [number, number]): OverrideRule => ({
          kind,
          startDate: s.date,
          endDate: s.date,
          startTime: hm(a),
          endTime: hm(b),
          weekdays: null,
        });
        const q: SlotQuery = {
          timezone: s.zone,
          schedule:
            s.work === null
              ? { workingDays: [], workStart: '09:00', workEnd: '17:00' }
              : { workingDays: [1, 2, 3, 4, 5, 6, 7], workStart: hm(s.work[0]), workEnd: hm(s.work[1]) },
          overrides: [...s.opens.map((r) => timed('open', r)), ...s.blocks.map((r) => timed('block', r))],
          busy: [],
          dateFrom: s.date,
          dateTo: s.date,
          durationMinutes: s.durationMinutes,
          now: 0,
        };
        const openRanges = [...(s.work === null ? [] : [s.work]), ...s.opens];
        const clock = createZoneClock(s.zone);
        const plan = planDay(prepareRules(q.schedule, q.overrides), clock, parseDay(s.date));
        const inAny = (list: Interval[], t: number) => list.some((i) => i.start <= t && t < i.end);
        const shows = (ranges: ReadonlyArray<readonly [number, number]>, m: number) => ranges.some(([a, b]) => a <= m && m < b);
        const { start: from, readings } = clockReadings(s.zone, s.date);
        const wrong: string[] = [];
        readings.forEach((m, i) => {
          const t = from + i * 60_000;
          if (inAny(plan.windows, t) !== shows(openRanges, m)) wrong.push(`open ${new Date(t).toISOString()}`);
          if (inAny(plan.blocks, t) !== shows(s.blocks, m)) wrong.push(`blocked ${new Date(t).toISOString()}`);
        });
        expect(wrong).toEqual([]);
        // No minute of a listed (and bookable) slot shows a blocked local time.
        for (const slot of computeSlots(q)) {
          expect(checkBooking(bookingFor(q, slot.start))).toEqual({ ok: true });
          for (let t = slot.start; t < slot.end; t += 60_000) {
            expect(shows(s.blocks, readings[(t - from) / 60_000]!)).toBe(false);
          }
        }
      }),
      { numRuns: 150 },
    );
  }, 30_000);
});
