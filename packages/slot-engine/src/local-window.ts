import { parseClock, parseDay } from './calendar-day.js';
import type { Interval } from './types.js';
import { wallTimeOf } from './wall-time.js';
import { createZoneClock } from './zone-clock.js';

/**
 * A window of local dates and a time of day in a zone: every date from dateFrom to dateTo
 * (inclusive), from fromTime to toTime ("24:00" = the end of the day). The shape a plain-English
 * `when` is read into.
 */
export interface LocalWindow {
  dateFrom: string;
  dateTo: string;
  fromTime: string;
  toTime: string;
  timezone: string;
}

/** The instants from fromTime on dateFrom to toTime on dateTo: everything the window can hold. */
export function localWindowSpan(window: LocalWindow): Interval {
  const clock = createZoneClock(window.timezone);
  return {
    start: clock.toInstant(parseDay(window.dateFrom), parseClock(window.fromTime)),
    end: clock.toInstant(parseDay(window.dateTo), parseClock(window.toTime)),
  };
}

/**
 * Whether a start lies inside the window: the wall clock in the window's zone then shows a date
 * in [dateFrom, dateTo] and a time in [fromTime, toTime).
 *
 * @example
 * const afternoon = { dateFrom: '2026-12-01', dateTo: '2026-12-01', fromTime: '12:00', toTime: '17:00', timezone: 'Europe/Berlin' };
 * startsInside(afternoon, Date.parse('2026-12-01T13:00:00Z')); // true (14:00 in Berlin)
 */
export function startsInside(window: LocalWindow, instant: number): boolean {
  const wall = wallTimeOf(window.timezone, instant);
  return wall.date >= window.dateFrom && wall.date <= window.dateTo && wall.time >= window.fromTime && wall.time < window.toTime;
}
