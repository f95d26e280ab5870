import * as chrono from 'chrono-node';
import { DAY_MS, isoWeekday, MINUTES_PER_DAY } from './calendar-day.js';
import { daysOf, endNamesADay, FILLER, hasDate, hasTime, joinedAsRange, leftoverWords, type Today } from './when-chrono.js';

/**
 * The window rules of readWhen (when.ts): parts of day, "after"/"before" bounds, weeks and
 * weekends, ranges of days and clock times, turned into local dates and minutes of the day.
 */

/** The fixed parts of the day, in minutes since local midnight. */
const PARTS_OF_DAY = {
  morning: { from: 9 * 60, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 21 * 60 },
} as const;
type PartOfDay = keyof typeof PARTS_OF_DAY;
const WHOLE_DAY = { from: 0, to: MINUTES_PER_DAY } as const;
type Bound = 'after' | 'before';

export type Reading =
  | { ok: true; from: number; to: number; fromMinute: number; toMinute: number }
  /** `words`: what could not be read (default: all of it); `reason`: why, when it helps. */
  | { ok: false; words?: string; reason?: string };

const TIME_START = '(?=\\d|noon|midday|midnight)';

/** Reads normalised text (see when.ts) as local dates and minutes of the day, or says what it could not read. */
export function read(text: string, t: Today): Reading {
  // The part of day is ours to define, so it is taken out before the parser sees the text
  // (chrono would turn "morning" into 06:00 and "afternoon" into 15:00).
  let part: PartOfDay | null = null;
  const parts = new Set<PartOfDay>();
  let rest = text
    .replace(/\btonight\b/g, () => (parts.add('evening'), 'today'))
    .replace(/\bthis (morning|afternoon|evening)\b/g, (_m, p: PartOfDay) => (parts.add(p), 'today'))
    .replace(/\b(?:(?:in|during) the )?(morning|afternoon|evening)s?\b/g, (_m, p: PartOfDay) => (parts.add(p), ' '));
  if (parts.size > 1) return { ok: false, reason: 'more than one part of the day' };
  for (const p of parts) part = p;

  // "after 3pm" / "before noon": chrono reads only the time, so the bound is taken out here.
  const bounds = new Set<Bound>();
  rest = rest.replace(new RegExp(`\\b(after|before|until|till)\\s+${TIME_START}`, 'g'), (_m, word: string) => {
    bounds.add(word === 'after' ? 'after' : 'before');
    return 'at ';
  });
  if (bounds.size > 1) return { ok: false, reason: 'use "between A and B" for a time range' };
  let bound: Bound | null = null;
  for (const b of bounds) bound = b;
  // "this coming Friday" is "Friday" (chrono does not know "coming").
  rest = rest.replace(/\b(?:this )?coming (?=\S)/g, '');
  // "between A and B" is not a range to chrono; "A to B" is (for days and for times).
  rest = rest.replace(/\bbetween (.+?) and /g, '$1 to ');
  rest = rest.replace(/\s+/g, ' ').trim();

  // Weeks: Monday-Sunday, with whatever part of day or times the rest of the text gives.
  const bare = stripLeadingFiller(rest);
  const week = /^(this|next) week(?: (.*))?$/.exec(bare) ?? /^(?:the )?week (after next)(?: (.*))?$/.exec(bare);
  if (week) {
    const monday = t.today - (isoWeekday(t.today) - 1) + (week[1] === 'this' ? 0 : week[1] === 'next' ? 7 : 14);
    const times = readPhrase(week[2] ?? '', t, { part, bound, timesOnly: true });
    if (!times.ok) return times;
    return { ...times, from: monday, to: monday + 6 };
  }
  const span = spanFromToday(bare, t);
  if (span) {
    const times = readPhrase(span.rest, t, { part, bound, timesOnly: true });
    if (!times.ok) return times;
    return { ...times, from: t.today, to: span.to };
  }
  const weekend = /^(?:(this|next) )?weekend(?: (.*))?$/.exec(bare);
  if (weekend) {
    const saturday = t.today - (isoWeekday(t.today) - 1) + 5 + (weekend[1] === 'next' ? 7 : 0);
    const times = readPhrase(weekend[2] ?? '', t, { part, bound, timesOnly: true });
    if (!times.ok) return times;
    return { ...times, from: saturday, to: saturday + 1 };
  }
  const weekOf = /^week of (.+)$/.exec(bare);
  if (weekOf) {
    const around = readPhrase(weekOf[1] ?? '', t, { part, bound, timesOnly: false });
    if (!around.ok) return around;
    if (around.to !== around.from) return { ok: false, reason: '"the week of" takes one day' };
    const monday = around.from - (isoWeekday(around.from) - 1);
    return { ...around, from: monday, to: monday + 6 };
  }
  return readPhrase(rest, t, { part, bound, timesOnly: false });
}

/** Counts said in words, for spans from today ("the next two days", "within a week"). */
const COUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  'couple of': 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const COUNT = `(\\d{1,3}|${Object.keys(COUNT_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const SPAN_UNIT = '(day|week|month)s?';

/**
 * "the next 3 days", "over the next two weeks", "within 10 days", "within the next week": from
 * today to that many days, weeks or months after it (chrono reads "next 3 days" as the one day
 * three days ahead). Not "next week" (the Monday-Sunday week) nor "in 3 days" (that one day).
 */
function spanFromToday(bare: string, t: Today): { to: number; rest: string } | null {
  const next = new RegExp(`^(?:over )?(?:the )?(?:next|coming|following) ${COUNT} ${SPAN_UNIT}(?: (.*))?$`).exec(bare);
  const within = next ? null : new RegExp(`^within (?:the )?(?:next )?(?:${COUNT} )?${SPAN_UNIT}(?: (.*))?$`).exec(bare);
  const match = next ?? within;
  if (!match) return null;
  const [, count, unit, rest] = match;
  const n = count === undefined ? 1 : (COUNT_WORDS[count] ?? Number(count));
  if (unit === 'day') return { to: t.today + n, rest: rest ?? '' };
  if (unit === 'week') return { to: t.today + 7 * n, rest: rest ?? '' };
  // Months: the same day of the month n months on, or that month's last day.
  const today = new Date(t.today * DAY_MS);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { to: Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay)) / DAY_MS, rest: rest ?? '' };
}

function stripLeadingFiller(text: string): string {
  const words = text.split(' ');
  while (words.length > 0 && FILLER.has(words[0] ?? '')) words.shift();
  return words.join(' ');
}

/** A day (or range of days) and times, read by chrono; `text` has no part of day left in it. */
function readPhrase(
  text: string,
  t: Today,
  { part, bound, timesOnly }: { part: PartOfDay | null; bound: Bound | null; timesOnly: boolean },
): Reading {
  const results = text === '' ? [] : chrono.casual.parse(text, t.noon);

  const [first, second] = results;
  const dayRange = results.length === 2 && first !== undefined && second !== undefined && joinedAsRange(text, first, second);
  const leftover = leftoverWords(text, results, dayRange);
  if (leftover.length > 0) return { ok: false, words: leftover.join(' ') };

  if (results.length === 0) {
    // Nothing but a part of day ("afternoon", "next week mornings"), or nothing at all.
    if (bound !== null || (part === null && !timesOnly)) return { ok: false };
    const window = part === null ? WHOLE_DAY : PARTS_OF_DAY[part];
    return { ok: true, from: t.today, to: t.today, fromMinute: window.from, toMinute: window.to };
  }

  // The days come from `dayStart` (and `dayEnd` for a range of days), the times from `timed`.
  let timed: chrono.ParsedResult;
  let dayStart: { c: chrono.ParsedComponents; text: string };
  let dayEnd: { c: chrono.ParsedComponents; text: string } | null = null;
  if (results.length === 1 && first) {
    timed = first;
    dayStart = { c: first.start, text: first.text };
    if (first.end) {
      if (!hasTime(first.end)) dayEnd = { c: first.end, text: first.text };
      else if (hasDate(first.end) && !hasDate(first.start)) {
        // chrono swaps a range whose end reads earlier than its start ("10pm to midnight").
        return { ok: false, words: first.text, reason: 'could not tell where it starts' };
      } else if (endNamesADay(first, t)) {
        // "Monday 9am to Wednesday 5pm" is not one time span on each day.
        return { ok: false, words: first.text, reason: 'give the days and the times apart, e.g. "Monday to Wednesday from 9am to 5pm"' };
      }
    }
  } else if (dayRange && first && second && !hasTime(first.start) && !first.end) {
    // "Monday to Wednesday from 9am to 5pm": chrono splits it after "Monday"; the days run
    // from the first to the second, the times are the second's.
    timed = second;
    dayStart = { c: first.start, text: first.text };
    dayEnd = { c: second.start, text: second.text };
  } else {
    return { ok: false, reason: 'more than one date; name one day, or a range such as "Monday to Wednesday"' };
  }

  for (const c of [dayStart.c, timed.start, timed.end]) {
    if (c == null) continue; // chrono leaves `end` null, whatever its type says
    const tags = c.tags();
    if (tags.has('result/relativeDateAndTime') || tags.has('casualReference/now')) {
      return { ok: false, words: timed.text, reason: 'times relative to now are not read; name the day and time, e.g. "today after 3pm"' };
    }
    if (c.isCertain('timezoneOffset')) {
      return { ok: false, words: timed.text, reason: "it names a time zone; times are read in the human's zone" };
    }
  }

  // Days.
  if (timesOnly && (hasDate(dayStart.c) || dayEnd !== null)) return { ok: false, words: text };
  const startDays = daysOf(dayStart.c, dayStart.text, t, null);
  const endDays = startDays && dayEnd !== null ? daysOf(dayEnd.c, dayEnd.text, t, startDays.from) : startDays;
  if (startDays === null || endDays === null || !Number.isFinite(startDays.from) || !Number.isFinite(endDays.to)) {
    return { ok: false, words: text };
  }
  const from = startDays.from;
  const to = endDays.to;
  if (!(to >= from)) return { ok: false, words: text, reason: 'it ends before it starts' };

  // Times.
  const startTime = hasTime(timed.start) ? timed.start : null;
  const endTime = timed.end && hasTime(timed.end) ? timed.end : null;
  if (startTime === null) {
    if (bound !== null) return { ok: false, words: text };
    const window = part === null ? WHOLE_DAY : PARTS_OF_DAY[part];
    return { ok: true, from, to, fromMinute: window.from, toMinute: window.to };
  }
  const pm = part === 'afternoon' || part === 'evening';
  // "at 2" in a scheduling request is 14:00, as people say it; "at 02:00" is a 24-hour clock.
  const bareHoursPm = part === null && !/\b0\d(?::|\d\d\b)/.test(timed.text);
  let s = clockOf(startTime, pm, bareHoursPm);
  if (endTime === null) {
    // "after T" runs to the end of the day, or of the part of day it is in ("tomorrow morning
    // after 10" → 10:00-12:00); "before T" likewise from the start.
    const within = part === null ? WHOLE_DAY : PARTS_OF_DAY[part];
    if (bound === 'after') {
      return { ok: true, from, to, fromMinute: s.minute, toMinute: s.minute < within.to ? within.to : MINUTES_PER_DAY };
    }
    if (bound === 'before') {
      const until = s.minute === 0 ? MINUTES_PER_DAY : s.minute; // "before midnight"
      return { ok: true, from, to, fromMinute: within.from < until ? within.from : 0, toMinute: until };
    }
    return { ok: true, from, to, fromMinute: s.minute, toMinute: Math.min(s.minute + 60, MINUTES_PER_DAY) };
  }
  if (bound !== null) return { ok: false, words: text };
  let e = clockOf(endTime, pm, bareHoursPm);
  if (!s.certain && e.certain) s = { ...s, minute: latestBefore(s.minute, e.minute) };
  if (!e.certain) e = { ...e, minute: earliestAfter(e.minute, s.minute) };
  if (e.minute === 0 && s.minute > 0) e = { ...e, minute: MINUTES_PER_DAY }; // "10pm to midnight"
  if (e.minute <= s.minute) {
    return { ok: false, words: timed.text, reason: 'a time range must end after it starts on the same day' };
  }
  return { ok: true, from, to, fromMinute: s.minute, toMinute: e.minute };
}

/** The bare hours read as pm when no part of day is named: 1 to 6, as a day's meetings go. */
const BARE_PM_HOURS = { from: 1, to: 6 } as const;

/**
 * A component's clock time in minutes, and whether its am/pm was said (or implied by a part).
 * `bareHoursPm`: an hour of BARE_PM_HOURS without am/pm is pm, still uncertain, so a range's
 * other end can adjust to it ("1 to 3" → 13:00-15:00, "11 to 1" → 11:00-13:00).
 */
function clockOf(c: chrono.ParsedComponents, pm: boolean, bareHoursPm: boolean): { minute: number; certain: boolean } {
  let hour = c.get('hour') ?? 0;
  const minute = c.get('minute') ?? 0;
  let certain = c.isCertain('meridiem');
  if (!certain && pm) {
    if (hour >= 1 && hour < 12) hour += 12;
    certain = hour >= 12;
  } else if (!certain && bareHoursPm && hour >= BARE_PM_HOURS.from && hour <= BARE_PM_HOURS.to) {
    hour += 12;
  }
  return { minute: hour * 60 + minute, certain };
}

/** The latest of the two 12-hour readings of `minute` that lies before `end`. */
function latestBefore(minute: number, end: number): number {
  const h12 = minute % (12 * 60);
  if (h12 + 12 * 60 < end) return h12 + 12 * 60;
  if (h12 < end) return h12;
  return minute;
}

/** The earliest of the two 12-hour readings of `minute` that lies after `start`. */
function earliestAfter(minute: number, start: number): number {
  const h12 = minute % (12 * 60);
  if (h12 > start) return h12;
  if (h12 + 12 * 60 > start) return h12 + 12 * 60;
  return minute;
}
