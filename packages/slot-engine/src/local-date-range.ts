import { formatDay, parseDay } from './calendar-day.js';
import type { Interval } from './types.js';
import { createZoneClock } from './zone-clock.js';

/**
 * The UTC instants [start, end) covering local dates dateFrom..dateTo inclusive in `timezone`:
 * from the start of dateFrom to the start of the day after dateTo. Every slot computeSlots
 * lists for that range lies inside it, so a caller that knows the zone can fetch only the
 * bookings touching it. (The API reads a window widened by the extreme UTC offsets instead,
 * because it learns the zone in the same query.)
 *
 * @example
 * localDateRangeToInterval('Europe/Berlin', '2026-03-29', '2026-03-29');
 * // { start: Date.parse('2026-03-28T23:00:00Z'), end: Date.parse('2026-03-29T22:00:00Z') }
 */
export function localDateRangeToInterval(timezone: string, dateFrom: string, dateTo: string): Interval {
  const clock = createZoneClock(timezone);
  return { start: clock.dayStart(parseDay(dateFrom)), end: clock.dayStart(parseDay(dateTo) + 1) };
}

/**
 * The local calendar date ("YYYY-MM-DD") of an instant in a zone; consistent with
 * localDateRangeToInterval: localDateOf(tz, t) is in from..to exactly when t is in the interval.
 *
 * @example
 * localDateOf('America/New_York', Date.parse('2026-03-08T04:59:00Z')); // '2026-03-07'
 */
export function localDateOf(timezone: string, instant: number): string {
  return formatDay(createZoneClock(timezone).dayOf(instant));
}
