import { FIRST_DATE, LAST_DATE, type InterpretedAs } from '@humantime/contract';
import {
  addDays,
  localWindowSpan,
  readWhen,
  startsInside,
  WHEN_MAX_DAYS,
  type LocalWindow,
  type WhenReading,
} from '@humantime/slot-engine';
import type { Interval } from '@humantime/slot-engine';
import { AppError } from '../../lib/app-error.js';

/** The window fields every slots-like query has: dates, or `when` in their place (the contract checks which). */
export interface WindowQuery {
  date_from?: string | undefined;
  date_to?: string | undefined;
  when?: string | undefined;
}

/**
 * A query's window once its zone is known: local dates in `zone` and, for a `when`, the times
 * of day its starts must fall in and the reading to echo as interpreted_as.
 */
export interface QueryWindow {
  dateFrom: string;
  dateTo: string;
  zone: string;
  when?: { window: LocalWindow; interpretedAs: InterpretedAs };
}

/**
 * A `when` names local dates in a zone that is known only once the humans are read (in the
 * same statement as the key), so the dates read first are its reading in UTC, two dates wider
 * on each side: that covers a zone whose today is UTC's or one date away, when the words name
 * the same days there ("tomorrow" just before midnight). Where today's date changes what the
 * words name ("next Tuesday" read on a Tuesday or a Monday, "March 9" on the 9th or the 10th),
 * the window read in the zone lies outside those dates, and the service reads again
 * (`readsWindow`).
 */
const WHEN_READ_MARGIN_DAYS = 2;

/** Local dates, inclusive. */
export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

/**
 * The local dates to read for a query before its zone is known. A `when` that is over in UTC
 * may not be over in the human's zone ("this evening" at 22:00 UTC is 17:00 in New York), so
 * only the zone's reading (windowOf) refuses it; text that cannot be read at all is refused here.
 */
export function datesToRead(query: WindowQuery, now: Date): DateRange {
  if (query.when === undefined) return { dateFrom: query.date_from!, dateTo: query.date_to! };
  const reading = readIn(query.when, now, 'UTC');
  if (!reading.ok && reading.window === undefined) throw whenRefused(reading);
  const window = reading.window!;
  // Too long in UTC may still fit in the zone, whose today can be a date later ("today to Jan
  // 27" in Tokyo): read only its first dates; the zone's reading refuses it or reads again.
  const tooLong = reading.ok ? false : daysIn(window) > WHEN_MAX_DAYS;
  const dateTo = tooLong ? window.date_from : window.date_to;
  return { dateFrom: addDays(window.date_from, -WHEN_READ_MARGIN_DAYS), dateTo: addDays(dateTo, WHEN_READ_MARGIN_DAYS) };
}

/** Whether the dates read hold every date `needed`; when not, the schedules are read again for `needed`. */
export function readsWindow(read: DateRange, needed: DateRange): boolean {
  return read.dateFrom <= needed.dateFrom && needed.dateTo <= read.dateTo;
}

/** The query's window read in `zone` (the human's, or the attendee's for suggestions). */
export function windowOf(query: WindowQuery, zone: string, now: Date): QueryWindow {
  if (query.when === undefined) return { dateFrom: query.date_from!, dateTo: query.date_to!, zone };
  const interpretedAs = read(query.when, now, zone);
  const window: LocalWindow = {
    dateFrom: interpretedAs.date_from,
    dateTo: interpretedAs.date_to,
    fromTime: interpretedAs.from_time,
    toTime: interpretedAs.to_time,
    timezone: interpretedAs.timezone,
  };
  return { dateFrom: window.dateFrom, dateTo: window.dateTo, zone, when: { window, interpretedAs } };
}

/** Whether a listed start is inside the window (always, without a `when`: the dates chose it). */
export function insideWindow(window: QueryWindow, start: number): boolean {
  return !window.when || startsInside(window.when.window, start);
}

/** The instants the window covers: its dates in its zone, narrowed to the `when`'s times. */
export function windowSpan(window: QueryWindow): Interval {
  return localWindowSpan(
    window.when?.window ?? { dateFrom: window.dateFrom, dateTo: window.dateTo, fromTime: '00:00', toTime: '24:00', timezone: window.zone },
  );
}

const daysIn = (w: { date_from: string; date_to: string }) => (Date.parse(w.date_to) - Date.parse(w.date_from)) / 86_400_000 + 1;

/** readWhen, refused as well when it names a date outside those the API takes (FIRST_DATE..LAST_DATE, as date_from and date_to). */
function readIn(text: string, now: Date, timezone: string): WhenReading {
  const reading = readWhen(text, { now, timezone });
  const w = reading.window;
  if (w && [w.date_from, w.date_to].some((date) => !(date >= FIRST_DATE && date <= LAST_DATE))) {
    return { ok: false, message: `"${text.trim()}" (${w.date_from}..${w.date_to}) names a date outside ${FIRST_DATE}..${LAST_DATE}.` };
  }
  return reading;
}

function read(text: string, now: Date, timezone: string): InterpretedAs {
  const reading = readIn(text, now, timezone);
  if (!reading.ok) throw whenRefused(reading);
  return reading.window;
}

const whenRefused = (reading: { message: string }) => new AppError('VALIDATION_ERROR', `Invalid request: when: ${reading.message}`);
