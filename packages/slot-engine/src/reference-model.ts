/**
 * A deliberately naive second implementation of the slot rules, for the property tests
 * only: a minute-by-minute mask per local date instead of range merging, luxon's own
 * DateTime per local time instead of the sampled zone clock, and a check of every grid point
 * against every block and booking instead of a sweep. Agreement between the two is the test.
 */
import { DateTime } from 'luxon';
import type { BookingRefusal, Interval, SlotQuery } from './types.js';

export interface GridPoint {
  start: number;
  /** Why computeSlots must leave it out, or null when it must list it. */
  refusal: BookingRefusal | null;
}

export interface ReferenceDay {
  date: string;
  windows: Interval[];
  blocks: Interval[];
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The first instant at which the local clock reads `minute` (after local midnight of `date`,
 * which is a UTC-zoned DateTime standing for a calendar date) or later: the first occurrence
 * of an existing local time; for a time in a spring-forward gap, the first existing local
 * minute after it, i.e. the change itself. Found naively: luxon shifts a gap time forward,
 * so its wall time differs from the one asked for; step a minute at a time until it does not.
 */
export function referenceInstant(zone: string, date: DateTime, minute: number): number {
  for (let m = minute; m < minute + 1440; m++) {
    const d = date.plus({ days: Math.floor(m / 1440) });
    const wall = { year: d.year, month: d.month, day: d.day, hour: Math.floor((m % 1440) / 60), minute: m % 60 };
    const local = DateTime.fromObject(wall, { zone });
    if (local.day === wall.day && local.hour === wall.hour && local.minute === wall.minute) {
      return Math.min(...local.getPossibleOffsets().map((p) => p.toMillis()));
    }
  }
  throw new Error(`no existing local time after ${date.toISODate()} +${minute}m in ${zone}`);
}

function runsOf(mask: Uint8Array): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let m = 0; m < 1440; m++) {
    if (mask[m] === 1 && (m === 0 || mask[m - 1] === 0)) runs.push([m, m + 1]);
    if (mask[m] === 1) runs[runs.length - 1]![1] = m + 1;
  }
  return runs;
}

export function referenceDays(q: SlotQuery): ReferenceDay[] {
  const days: ReferenceDay[] = [];
  const last = DateTime.fromISO(q.dateTo, { zone: 'utc' });
  for (let date = DateTime.fromISO(q.dateFrom, { zone: 'utc' }); date <= last; date = date.plus({ days: 1 })) {
    const iso = date.toISODate()!;
    const applies = (r: { startDate: string; endDate: string; weekdays: number[] | null }) =>
      r.startDate <= iso && iso <= r.endDate && (r.weekdays === null || r.weekdays.includes(date.weekday));
    const open = new Uint8Array(1440);
    const mark = (from: number, to: number) => open.fill(1, from, to);
    if (q.schedule.workingDays.includes(date.weekday)) mark(minutesOf(q.schedule.workStart), minutesOf(q.schedule.workEnd));
    const blockMinutes: Array<[number, number]> = [];
    for (const o of q.overrides) {
      if (!applies(o)) continue;
      const timed = o.startTime !== null && o.endTime !== null;
      const from = timed ? minutesOf(o.startTime!) : 0;
      const to = timed ? minutesOf(o.endTime!) : 1440;
      if (o.kind === 'open' && timed) mark(from, to);
      if (o.kind === 'block' && from < to) blockMinutes.push([from, to]);
    }
    const dayStart = referenceInstant(q.timezone, date, 0);
    const dayEnd = referenceInstant(q.timezone, date, 1440);
    const toInstants = (ranges: Array<[number, number]>): Interval[] =>
      ranges
        .map(([a, b]) => ({
          start: Math.max(dayStart, referenceInstant(q.timezone, date, a)),
          end: Math.min(dayEnd, referenceInstant(q.timezone, date, b)),
        }))
        .filter((i) => i.start < i.end);
    days.push({ date: iso, windows: toInstants(runsOf(open)), blocks: toInstants(blockMinutes) });
  }
  return days;
}

const meets = (a: Interval, start: number, end: number) => a.start < a.end && a.start < end && start < a.end;

/** Every grid point of every window in the range, each with the verdict the rules give it. */
export function referenceGrid(q: SlotQuery): GridPoint[] {
  const length = q.durationMinutes * 60_000;
  const rules = q.rules ?? {};
  const step = (rules.slotInterval ?? q.durationMinutes) * 60_000;
  const before = (rules.bufferBefore ?? 0) * 60_000;
  const after = (rules.bufferAfter ?? 0) * 60_000;
  const notice = (rules.minimumNotice ?? 0) * 60_000;
  const horizon = rules.bookingHorizonDays === undefined ? Infinity : rules.bookingHorizonDays * 86_400_000;
  const points = new Map<number, GridPoint>();
  for (const day of referenceDays(q)) {
    const full = rules.maxBookingsPerDay !== undefined && (q.bookingsPerDay?.[day.date] ?? 0) >= rules.maxBookingsPerDay;
    for (const w of day.windows) {
      for (let start = w.start; start + length <= w.end; start += step) {
        const end = start + length;
        // The buffer rule, literally: the new booking's buffered range against each
        // booking's own buffered range (which is what busy holds).
        const refusal: BookingRefusal | null =
          start <= q.now
            ? 'PAST_START'
            : start - q.now < notice || start - q.now > horizon
              ? 'OUTSIDE_BOOKING_WINDOW'
              : day.blocks.some((b) => meets(b, start, end))
                ? 'SCHEDULE_BLOCKED'
                : full || q.busy.some((b) => meets(b, start - before, end + after))
                  ? 'SLOT_UNAVAILABLE'
                  : null;
        points.set(start, { start, refusal });
      }
    }
  }
  return [...points.values()].sort((a, b) => a.start - b.start);
}
