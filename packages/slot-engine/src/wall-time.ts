import { DAY_MS, MINUTE_MS, formatDay, isoWeekday } from './calendar-day.js';
import { offsetReader } from './zone-offset.js';

/** What a clock on the wall in a zone shows at an instant. */
export interface WallTime {
  /** The local calendar date, "YYYY-MM-DD". */
  date: string;
  /** The local time, "HH:MM" on a 24-hour clock (seconds dropped). */
  time: string;
  /** ISO weekday of `date`: 1 = Monday .. 7 = Sunday. */
  weekday: number;
  /** The zone's UTC offset at the instant, in minutes, east positive. */
  offsetMinutes: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The wall time of an instant in a zone, from the zone's offset at that instant (the same
 * offsets the slot engine works with), so it agrees with the slots listed for that date.
 *
 * @example
 * wallTimeOf('Europe/Berlin', Date.parse('2026-11-24T14:04:59Z'));
 * // { date: '2026-11-24', time: '15:04', weekday: 2, offsetMinutes: 60 }
 */
export function wallTimeOf(timezone: string, instant: number): WallTime {
  const offsetMinutes = offsetReader(timezone)(instant);
  const local = instant + offsetMinutes * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  const minute = Math.floor((local - day * DAY_MS) / MINUTE_MS);
  return {
    date: formatDay(day),
    time: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
    weekday: isoWeekday(day),
    offsetMinutes,
  };
}

/** A change of a zone's UTC offset (DST beginning or ending, or a new standard offset). */
export interface OffsetChange {
  /** Epoch ms of the first instant on the new offset. */
  at: number;
  /** Offset before, minutes east of UTC. */
  from: number;
  /** Offset after. */
  to: number;
}

/**
 * The zone's next offset change after `after` and no later than `after + withinMs`, or null
 * (a zone without DST, e.g. Asia/Tokyo). Offsets are read once per UTC midnight, the
 * instants the zone clock samples too, and the change is then found to the millisecond by
 * bisection. Like the zone clock, it assumes no zone changes its offset and back within a
 * day.
 *
 * @example
 * nextOffsetChange('Europe/Berlin', Date.parse('2026-09-01T00:00:00Z'), 366 * 86_400_000);
 * // { at: Date.parse('2026-10-25T01:00:00Z'), from: 120, to: 60 }
 */
export function nextOffsetChange(timezone: string, after: number, withinMs: number): OffsetChange | null {
  const offsetAt = offsetReader(timezone);
  const from = offsetAt(after);
  const limit = after + withinMs;
  if (Number.isNaN(from) || !(limit > after)) return null;
  for (let lo = after; lo < limit;) {
    const hi = Math.min(limit, (Math.floor(lo / DAY_MS) + 1) * DAY_MS);
    if (offsetAt(hi) !== from) {
      const at = firstOffsetOtherThan(offsetAt, from, lo, hi);
      return { at, from, to: offsetAt(at) };
    }
    lo = hi;
  }
  return null;
}

/** The first instant in (lo, hi] whose offset is not `from`, given offsetAt(lo) === from !== offsetAt(hi). */
function firstOffsetOtherThan(offsetAt: (instant: number) => number, from: number, lo: number, hi: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid) === from) lo = mid;
    else hi = mid;
  }
  return hi;
}
