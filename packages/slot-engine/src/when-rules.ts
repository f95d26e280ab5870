import * as chrono from 'chrono-node';
import { DAYS_AND_TIMES_APART, timeAfterDay, UNSURE } from './when-refusals.js';
import { WEEKDAY_NAMES } from './when-words.js';
import { DAY_MS, formatDay, isoWeekday, MINUTES_PER_DAY } from './calendar-day.js';
import {
  daysOf,
  endNamesADay,
  FILLER,
  hasDate,
  hasTime,
  isYearless,
  joinedAsRange,
  leftoverWords,
  namesOtherDay,
  sameClock,
  weekdayIso,
  yearBefore,
  type Today,
} from './when-chrono.js';

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
  /** `yearless`: one month-day said without a year (the next such date; "the week of" may keep this year's). */
  | { ok: true; from: number; to: number; fromMinute: number; toMinute: number; yearless?: true }
  /** `words`: what could not be read (default: all of it); `reason`: why, when it helps. */
  | { ok: false; words?: string; reason?: string };

const TIME_START = '(?=\\d|noon|midday|midnight)';

/** Reads normalised text (see when.ts) as local dates and minutes of the day, or says what it could not read. */
export function read(text: string, t: Today): Reading {
  // Words the parser would read as something else without a word: refused, with what to say.
  const unsure = UNSURE.find(([pattern]) => pattern.test(text));
  if (unsure) return { ok: false, words: unsure[0].exec(text)?.[0], reason: unsure[1] };

  // The part of day is ours to define, so it is taken out before the parser sees the text
  // (chrono would turn "morning" into 06:00 and "afternoon" into 15:00). "night" is the
  // evening, as "tonight" is.
  let part: PartOfDay | null = null;
  const parts = new Set<PartOfDay>();
  let rest = text
    .replace(/\btonight\b/g, () => (parts.add('evening'), 'today'))
    .replace(/\bthis (morning|afternoon|evening|night)\b/g, (_m, p: PartOfDay | 'night') => (parts.add(partOf(p)), 'today'))
    .replace(
      /\b(?:(?:in|during|at) the |at )?(morning|afternoon|evening|night)s?\b/g,
      (_m, p: PartOfDay | 'night') => (parts.add(partOf(p)), ' '),
    );
  if (parts.size > 1) return { ok: false, reason: 'more than one part of the day' };
  for (const p of parts) part = p;

  // "from 2pm" with no end is "after 2pm" (chrono would read the one hour at 2pm).
  const from = new RegExp(`\\bfrom\\s+${TIME_START}`).exec(rest);
  if (from && !/\b(?:to|until|till|through|thru|and)\b|[-\u2013]/.test(rest.slice(from.index))) {
    rest = `${rest.slice(0, from.index)}after ${rest.slice(from.index + from[0].length)}`;
  }
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
  // "in a month", "in 2 months": that one day, as "in 3 days" is (chrono reads the whole month).
  const inMonths = new RegExp(`(?:^| )in ${COUNT} months?(?: (.*))?$`).exec(rest);
  if (inMonths) {
    const [, count, more] = inMonths;
    const day = monthsOn(t.today, COUNT_WORDS[count ?? ''] ?? Number(count));
    const times = readPhrase(more ?? '', t, { part, bound, timesOnly: true });
    if (!times.ok) return times;
    return { ...times, from: day, to: day };
  }
  const weekend = /^(?:the )?weekend (after next)(?: (.*))?$/.exec(bare) ?? /^(?:(this|next) )?weekend(?: (.*))?$/.exec(bare);
  if (weekend) {
    const saturday = t.today - (isoWeekday(t.today) - 1) + 5 + { this: 0, next: 7, 'after next': 14 }[weekend[1] ?? 'this']!;
    const times = readPhrase(weekend[2] ?? '', t, { part, bound, timesOnly: true });
    if (!times.ok) return times;
    return { ...times, from: saturday, to: saturday + 1 };
  }
  const weekOf = /^week of (.+)$/.exec(bare);
  if (weekOf) {
    const around = readPhrase(weekOf[1] ?? '', t, { part, bound, timesOnly: false });
    if (!around.ok) return around;
    if (around.to !== around.from) return { ok: false, reason: '"the week of" takes one day' };
    const mondayOf = (day: number) => day - (isoWeekday(day) - 1);
    // A week that has begun is this one: "the week of Nov 23" read on Nov 25 (a month-day
    // alone would be next year's).
    const earlier = around.yearless && around.from > t.today ? yearBefore(around.from) : undefined;
    const monday = earlier !== undefined && mondayOf(earlier) + 6 >= t.today ? mondayOf(earlier) : mondayOf(around.from);
    const { yearless: _yearless, ...times } = around;
    return { ...times, from: monday, to: monday + 6 };
  }
  return readPhrase(rest, t, { part, bound, timesOnly: false });
}

const partOf = (word: PartOfDay | 'night'): PartOfDay => (word === 'night' ? 'evening' : word);

/** Numbers said in words, one to twelve: counts here, clock hours in when.ts. */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
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

/** Counts said in words, for spans from today ("the next two days", "within a week"). */
const COUNT_WORDS: Record<string, number> = {
  ...NUMBER_WORDS,
  'a few': 3,
  'a couple of': 2,
  'a couple': 2,
  a: 1,
  an: 1,
  couple: 2,
  'couple of': 2,
  few: 3,
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
  return { to: monthsOn(t.today, n), rest: rest ?? '' };
}

/** The same day of the month `n` months after `day`, or that month's last day. */
function monthsOn(day: number, n: number): number {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) / DAY_MS;
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
  let oneTime = false;
  /** The one time of a range of days whose start names none (its end's). */
  let clockOnly: chrono.ParsedComponents | null = null;
  if (results.length === 1 && first) {
    timed = first;
    dayStart = { c: first.start, text: first.text };
    if (first.end) {
      if (!hasTime(first.end)) {
        // "Monday 9am to Wednesday": from a day's time to another day, not a time on each day.
        if (hasTime(first.start) && timeAfterDay(first.text)) return { ok: false, words: first.text, reason: DAYS_AND_TIMES_APART };
        dayEnd = { c: first.end, text: first.text };
      } else if (hasDate(first.end) && !hasDate(first.start)) {
        // chrono swaps a range whose end reads earlier than its start ("10pm to midnight").
        return { ok: false, words: first.text, reason: 'could not tell where it starts' };
      } else if (!hasTime(first.start) && namesOtherDay(first.start, first.end, first.text)) {
        // "Monday to Wednesday at 3", "Nov 30-Dec 4 at 10": the days, then one time for each.
        dayEnd = { c: first.end, text: first.text };
        clockOnly = first.end;
      } else if (endNamesADay(first, t)) {
        // "Monday 9am to Wednesday 5pm" is not one time span on each day.
        return { ok: false, words: first.text, reason: DAYS_AND_TIMES_APART };
      } else if (namesOtherDay(first.start, first.end, first.text)) {
        // "Dec 14-18 from 2 to 4pm", "Dec 14-18 at 3pm": chrono puts the days and the times in
        // one range (Dec 14 14:00 to Dec 18 16:00); the days run to the end's, the times apply
        // to each of them, and one time given for all ("at 3pm") is that time.
        dayEnd = { c: first.end, text: first.text };
        // …unless the times are a range that happens to end on the hour it starts ("from 9 to 9").
        if (sameClock(first.start, first.end) && !/\b(?:from|between)\b/.test(first.text)) oneTime = true;
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
  let startDays = daysOf(dayStart.c, dayStart.text, t, null);
  let endDays = startDays && dayEnd !== null ? daysOf(dayEnd.c, dayEnd.text, t, startDays.from) : startDays;
  if (startDays === null || endDays === null || !Number.isFinite(startDays.from) || !Number.isFinite(endDays.to)) {
    return { ok: false, words: text };
  }
  // A range of days that has begun is kept whole: "Nov 23-27" read on Nov 25, "Dec 28 - Jan 3"
  // read on Dec 31 are this year's, not the next (a month-day alone is the next such date).
  const earlier = dayEnd !== null && isYearless(dayStart.c) && startDays.from > t.today ? yearBefore(startDays.from) : undefined;
  if (earlier !== undefined && dayEnd !== null) {
    const earlierEnd = daysOf(dayEnd.c, dayEnd.text, t, earlier);
    if (earlierEnd !== null && earlierEnd.to >= t.today) [startDays, endDays] = [{ from: earlier, to: earlier }, earlierEnd];
  }
  // A weekday that is not the date's ("Thursday Dec 4", a Friday): the person must say which.
  for (const [part, days] of [
    [dayStart, startDays],
    [dayEnd, endDays],
  ] as const) {
    if (part === null || !part.c.isCertain('weekday') || !part.c.isCertain('day')) continue;
    const named = weekdayIso(part.c.get('weekday') ?? 0);
    const actual = isoWeekday(days.from);
    if (named !== actual) {
      return {
        ok: false,
        words: part.text,
        reason: `${formatDay(days.from)} is a ${WEEKDAY_NAMES[actual - 1]}, not a ${WEEKDAY_NAMES[named - 1]}; ask which day is meant`,
      };
    }
  }
  const from = startDays.from;
  const to = endDays.to;
  if (!(to >= from)) return { ok: false, words: text, reason: 'it ends before it starts' };
  const days = { from, to, ...(dayEnd === null && isYearless(dayStart.c) ? { yearless: true as const } : {}) };

  // Times.
  const startTime = clockOnly ?? (hasTime(timed.start) ? timed.start : null);
  const endTime = timed.end && hasTime(timed.end) && !oneTime && !clockOnly ? timed.end : null;
  if (startTime === null) {
    if (bound !== null) return { ok: false, words: text };
    const window = part === null ? WHOLE_DAY : PARTS_OF_DAY[part];
    return { ok: true, ...days, fromMinute: window.from, toMinute: window.to };
  }
  const pm = part === 'afternoon' || part === 'evening';
  // "tonight at 12", "Friday night at 1": past midnight, on the next day, which the evening is not.
  for (const c of [startTime, endTime]) {
    const hour = c?.get('hour') ?? null;
    const pastMidnight = hour !== null && (hour === 0 || hour === 12 || (hour >= 1 && hour <= 4));
    if (part === 'evening' && c && !c.isCertain('meridiem') && pastMidnight) {
      return { ok: false, reason: 'that is after midnight, on the next day; name that day and time, e.g. "Saturday at 1am"' };
    }
  }
  // "at 2" in a scheduling request is 14:00, as people say it; "at 02:00" is a 24-hour clock.
  const bareHoursPm = part === null && !/\b0\d(?::|\d\d\b)/.test(timed.text);
  let s = clockOf(startTime, pm, bareHoursPm);
  if (endTime === null) {
    // "after T" runs to the end of the day, or of the part of day it is in ("tomorrow morning
    // after 10" → 10:00-12:00); "before T" likewise from the start.
    const within = part === null ? WHOLE_DAY : PARTS_OF_DAY[part];
    if (bound === 'after') {
      return { ok: true, ...days, fromMinute: s.minute, toMinute: s.minute < within.to ? within.to : MINUTES_PER_DAY };
    }
    if (bound === 'before') {
      const until = s.minute === 0 ? MINUTES_PER_DAY : s.minute; // "before midnight"
      return { ok: true, ...days, fromMinute: within.from < until ? within.from : 0, toMinute: until };
    }
    return { ok: true, ...days, fromMinute: s.minute, toMinute: Math.min(s.minute + 60, MINUTES_PER_DAY) };
  }
  if (bound !== null) return { ok: false, words: text };
  let e = clockOf(endTime, pm, bareHoursPm);
  if (!s.certain && e.certain) s = { ...s, minute: latestBefore(s.minute, e.minute) };
  if (!e.certain) e = { ...e, minute: earliestAfter(e.minute, s.minute) };
  if (e.minute === 0 && s.minute > 0) e = { ...e, minute: MINUTES_PER_DAY }; // "10pm to midnight"
  if (e.minute <= s.minute) {
    return { ok: false, words: timed.text, reason: 'a time range must end after it starts on the same day' };
  }
  return { ok: true, ...days, fromMinute: s.minute, toMinute: e.minute };
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
