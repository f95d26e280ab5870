import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { DAY_MS, formatDay, isoWeekday, MINUTES_PER_DAY } from './calendar-day.js';
import { createZoneClock } from './zone-clock.js';

/**
 * A window read from plain English: the local dates `date_from..date_to` (inclusive) and, on
 * each of them, the local times `[from_time, to_time)`, in `timezone`. Dates are "YYYY-MM-DD",
 * times "HH:MM"; `to_time` is "24:00" for the end of the day. Times never cross midnight. A
 * start is inside when its wall clock in `timezone` shows such a date and time. Callers echo it
 * as `interpreted_as`, so the field names are the wire's.
 */
export interface InterpretedWindow {
  date_from: string;
  date_to: string;
  from_time: string;
  to_time: string;
  timezone: string;
}

export type WhenReading = { ok: true; window: InterpretedWindow } | { ok: false; message: string };

export interface WhenReference {
  /** The instant the text is read at ("today" is its local date in `timezone`). */
  now: Date;
  /** The IANA zone the text is read in. */
  timezone: string;
}

/** Phrases that are read as the agent means them; error messages list them. */
export const WHEN_EXAMPLES: readonly string[] = [
  'tomorrow afternoon',
  'next Tuesday between 2 and 4pm',
  'the week of Dec 14',
  'in 3 days',
  'Friday morning',
  'this evening',
  'after 3pm tomorrow',
  'Monday to Wednesday',
];

/** The longest text read, in characters. */
export const WHEN_MAX_LENGTH = 200;
/** The most local dates one window may cover, as for an explicit date_from..date_to. */
export const WHEN_MAX_DAYS = 62;

/** The fixed parts of the day, in minutes since local midnight. */
const PARTS_OF_DAY = {
  morning: { from: 9 * 60, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 17 * 60 },
  evening: { from: 17 * 60, to: 21 * 60 },
} as const;
type PartOfDay = keyof typeof PARTS_OF_DAY;
const WHOLE_DAY = { from: 0, to: MINUTES_PER_DAY } as const;
type Bound = 'after' | 'before';

/** Words that may stand around what the parser read without changing its meaning. */
const FILLER = new Set(['on', 'at', 'in', 'the', 'of', 'for', 'during', 'sometime', 'some', 'time', 'any', 'anytime']);

const WEEKDAY = '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\\.?';

/**
 * Reads a plain-English time window, such as "tomorrow afternoon", "next Tuesday between 2
 * and 4pm" or "the week of Dec 14", at the instant `now` in the zone `timezone`. Pure and
 * deterministic: the machine's own time zone plays no part. chrono-node finds the dates and
 * clock times; the windows are fixed here:
 *
 * - Days. A day with no part of day or time is 00:00-24:00. "today", "tomorrow", "the day
 *   after tomorrow", "in N days" / "in N weeks" (that one day), explicit dates ("Dec 14",
 *   "December 14th", "2026-12-14", "12/14": month first). A month and day without a year are
 *   the next such date on or after today. A bare weekday ("Friday", "this Friday") is the next
 *   such day counting today; "next Friday" is the first Friday after today, a week ahead when
 *   today is a Friday; "Friday next week" / "Friday this week" are that day of the Monday-Sunday
 *   week named. A bare month ("December", "next month") is that whole month.
 * - Ranges of days: "Monday to Wednesday", "between Dec 14 and Dec 18", "Dec 28 - Jan 3"; the
 *   end is the first such date on or after the start.
 * - Weeks (Monday-Sunday): "this week", "next week", "the week after next", "the week of D"
 *   (the week around D, where D is read as above); weekends (Saturday-Sunday): "this weekend",
 *   "next weekend".
 * - Parts of day, fixed: morning 09:00-12:00, afternoon 12:00-17:00, evening 17:00-21:00
 *   ("this evening" and "tonight" are today's evening); a part alone ("afternoon") is today's.
 * - Clock times: "between 2 and 4pm" / "from 2 to 4pm" / "2-4pm" → 14:00-16:00, bound to the
 *   day named in the same phrase. A start without am/pm takes the latest reading before the
 *   end ("11 to 1pm" → 11:00-13:00), an end without am/pm the earliest after the start ("9 to
 *   5" → 09:00-17:00). A single time T ("at 3pm") is T to T + 1 hour (capped at 24:00), "after
 *   T" is T-24:00 and "before T" / "until T" is 00:00-T, or within the part of day when one is
 *   named ("tomorrow morning after 10" → 10:00-12:00). Next to "afternoon", "evening" or
 *   "tonight", an hour without am/pm is pm ("tomorrow afternoon at 3" → 15:00-16:00); a clock
 *   time or range otherwise wins over the part of day. Otherwise an hour without am/pm is read as
 *   the parser reads it, a 24-hour clock ("at 3" → 03:00), and the echo shows it. A time with
 *   no day is today's. Times apply to every date of a range ("Monday to Wednesday afternoons").
 *
 * Not ok, with a message: empty text, text over 200 characters, text with words the parser
 * did not read (so "not tomorrow" or "Monday or Tuesday" are refused rather than half read),
 * several separate dates, a time that names its own zone ("3pm EST"), times relative to now
 * ("now", "in 2 hours": see Today.noon), a time range crossing midnight or whose ends name
 * different days, a range longer than 62 days, and a window that ends at or before `now` ("yesterday",
 * "this morning" at 14:00): starts before now are never offered, so an agent that asks for a
 * past window learns why it got nothing. A window that has begun but not ended is kept whole.
 *
 * Throws RangeError for an unknown zone or an invalid `now` (the caller's error, not the text's).
 */
export function readWhen(text: string, reference: WhenReference): WhenReading {
  const { timezone } = reference;
  const nowMs = reference.now.getTime();
  const local = DateTime.fromMillis(nowMs, { zone: timezone });
  if (!local.isValid) throw new RangeError(`Cannot read "when" at ${String(nowMs)} in zone ${timezone}`);

  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: `\`when\` is empty. ${sayInstead()}` };
  if (text.length > WHEN_MAX_LENGTH) {
    return { ok: false, message: `\`when\` is longer than ${WHEN_MAX_LENGTH} characters.` };
  }

  const today = Date.UTC(local.year, local.month - 1, local.day) / DAY_MS;
  const reading = read(normalize(trimmed), { today, noon: new Date(local.year, local.month - 1, local.day, 12, 0) });
  if (!reading.ok) {
    const words = reading.words === undefined || reading.words === normalize(trimmed) ? '' : `"${reading.words}" in `;
    const reason = reading.reason === undefined ? '' : ` (${reading.reason})`;
    return { ok: false, message: `Could not read ${words}"${trimmed}" as a time window${reason}. ${sayInstead()}` };
  }

  const { from, to } = reading;
  const window: InterpretedWindow = {
    date_from: formatDay(from),
    date_to: formatDay(to),
    from_time: formatClock(reading.fromMinute),
    to_time: formatClock(reading.toMinute),
    timezone,
  };
  const shown = `"${trimmed}" (${window.date_from}..${window.date_to}, ${window.from_time}-${window.to_time} ${timezone})`;
  if (to - from + 1 > WHEN_MAX_DAYS) {
    return { ok: false, message: `${shown} covers ${to - from + 1} days; a window covers at most ${WHEN_MAX_DAYS}.` };
  }
  const end = createZoneClock(timezone).toInstant(to, reading.toMinute);
  if (end <= nowMs) return { ok: false, message: `${shown} is already over; ask for a window that has not ended.` };
  return { ok: true, window };
}

// ---------------------------------------------------------------------------------------------

type Reading =
  | { ok: true; from: number; to: number; fromMinute: number; toMinute: number }
  /** `words`: what could not be read (default: all of it); `reason`: why, when it helps. */
  | { ok: false; words?: string; reason?: string };

interface Today {
  /** Today's local date as a day number. */
  today: number;
  /**
   * chrono's reference. chrono works on JS Dates in the machine's zone: it reads "today",
   * weekdays and relative days from the reference's local fields and steps days with setDate.
   * So it gets a Date whose local fields show noon of the zone's today, and only the
   * components it returns (year, month, day, hour, ...) are read back, never an instant. Noon,
   * because no DST change of the machine's zone can move a local noon onto another date, so
   * neither the reference nor any day chrono steps to depends on where this runs. The price:
   * chrono does not know the time of day, so phrases relative to it ("now", "in 2 hours") are
   * refused.
   */
  noon: Date;
}

function sayInstead(): string {
  const examples = WHEN_EXAMPLES.map((e) => `"${e}"`).join(', ');
  return `Name a day, a range of days or a week, optionally with a part of the day or times, for example ${examples}.`;
}

function formatClock(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Lower case, one space between words, no commas or final punctuation. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[,;!?]+/g, ' ')
    .replace(/\.+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const TIME_START = '(?=\\d|noon|midday|midnight)';

function read(text: string, t: Today): Reading {
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
  let s = clockOf(startTime, pm);
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
  let e = clockOf(endTime, pm);
  if (!s.certain && e.certain) s = { ...s, minute: latestBefore(s.minute, e.minute) };
  if (!e.certain) e = { ...e, minute: earliestAfter(e.minute, s.minute) };
  if (e.minute === 0 && s.minute > 0) e = { ...e, minute: MINUTES_PER_DAY }; // "10pm to midnight"
  if (e.minute <= s.minute) {
    return { ok: false, words: timed.text, reason: 'a time range must end after it starts on the same day' };
  }
  return { ok: true, from, to, fromMinute: s.minute, toMinute: e.minute };
}

/**
 * Whether the two ends of a time range name different days ("Monday 9am to Wednesday 5pm").
 * The end's components cannot tell: chrono also dates the end of "Dec 14 from 9 to 5" Dec 15
 * (5 < 9), with the same certainty. So the text on each side of the last range word is read
 * on its own; a day named on one side only ("from 2 to 4pm tomorrow") belongs to both.
 */
function endNamesADay(result: chrono.ParsedResult, t: Today): boolean {
  const connectors = [...result.text.matchAll(/\s(?:to|until|till|through|thru)\s|\s?[-\u2013]\s?/g)];
  const last = connectors[connectors.length - 1];
  if (last === undefined) return false;
  const dayNamedIn = (part: string): string | null => {
    const named = chrono.casual.parse(part, t.noon).find((r) => hasDate(r.start));
    return named ? `${named.start.get('year')}-${named.start.get('month')}-${named.start.get('day')}` : null;
  };
  const head = dayNamedIn(result.text.slice(0, last.index));
  const tail = dayNamedIn(result.text.slice((last.index ?? 0) + last[0].length));
  return head !== null && tail !== null && head !== tail;
}

function hasDate(c: chrono.ParsedComponents): boolean {
  return c.isCertain('day') || c.isCertain('weekday') || c.isCertain('month') || c.isCertain('year');
}

function hasTime(c: chrono.ParsedComponents): boolean {
  return c.isCertain('hour');
}

/** The words of `text` outside every result that are not filler (nor the "to" of a range). */
function leftoverWords(text: string, results: chrono.ParsedResult[], dayRange: boolean): string[] {
  let rest = text;
  const [first, second] = results;
  if (dayRange && first && second) {
    const from = first.index + first.text.length;
    rest = rest.slice(0, from) + ' '.repeat(second.index - from) + rest.slice(second.index);
  }
  // Blank out from the last result so earlier indexes stay valid.
  for (const r of [...results].sort((a, b) => b.index - a.index)) {
    rest = rest.slice(0, r.index) + ' '.repeat(r.text.length) + rest.slice(r.index + r.text.length);
  }
  return rest.split(/\s+/).filter((w) => w !== '' && !FILLER.has(w));
}

/** Whether only a range word stands between two results ("Monday to Wednesday 9am to 5pm"). */
function joinedAsRange(text: string, a: chrono.ParsedResult, b: chrono.ParsedResult): boolean {
  const between = text.slice(a.index + a.text.length, b.index).trim();
  return /^(?:to|until|till|through|thru|-|–)$/.test(between) && a.index < b.index;
}

/**
 * The local date(s) a component names. `after`: for the end of a range, the day number of its
 * start (a month-day without year, or a weekday, is the first on or after it).
 */
function daysOf(c: chrono.ParsedComponents, text: string, t: Today, after: number | null): Days | null {
  const { today } = t;
  const onOrAfter = after ?? today;
  const month = c.get('month') ?? 1;
  const day = c.get('day') ?? 1;
  const year = c.get('year') ?? 1970;

  if (c.isCertain('day') && c.isCertain('month')) {
    if (c.isCertain('year')) return single(Date.UTC(year, month - 1, day) / DAY_MS);
    const ty = new Date(onOrAfter * DAY_MS).getUTCFullYear();
    for (let y = ty; y <= ty + 8; y++) {
      const d = Date.UTC(y, month - 1, day) / DAY_MS;
      if (new Date(d * DAY_MS).getUTCDate() === day && d >= onOrAfter) return single(d);
    }
    return single(Number.NaN);
  }
  if (c.isCertain('weekday') && !c.isCertain('day')) {
    const iso = weekdayIso(c.get('weekday') ?? 0);
    if (after !== null) return single(after + ((iso - isoWeekday(after) + 7) % 7));
    const thisMonday = today - (isoWeekday(today) - 1);
    const weekWord = new RegExp(`${WEEKDAY} (?:of )?(this|next|last) week`).exec(text)?.[1];
    if (weekWord !== undefined) {
      const monday = thisMonday + (weekWord === 'next' ? 7 : weekWord === 'last' ? -7 : 0);
      return single(monday + iso - 1);
    }
    const prefix = new RegExp(`\\b(next|last|past|this) ${WEEKDAY}`).exec(text)?.[1];
    const ahead = (iso - isoWeekday(today) + 7) % 7;
    if (prefix === 'next') return single(today + (ahead === 0 ? 7 : ahead));
    if (prefix === 'last' || prefix === 'past') {
      const back = (isoWeekday(today) - iso + 7) % 7;
      return single(today - (back === 0 ? 7 : back));
    }
    return single(today + ahead);
  }
  if (c.isCertain('month') && !c.isCertain('day')) {
    // A whole month: this year's if it has not ended, else next year's.
    let y = c.isCertain('year') ? year : new Date(onOrAfter * DAY_MS).getUTCFullYear();
    const lastOf = (yy: number) => Date.UTC(yy, month, 0) / DAY_MS;
    if (!c.isCertain('year') && lastOf(y) < onOrAfter) y++;
    return { from: Date.UTC(y, month - 1, 1) / DAY_MS, to: lastOf(y) };
  }
  if (c.isCertain('day')) return single(Date.UTC(year, month - 1, day) / DAY_MS);
  // Only a time: today (or the start's day, for the end of a range).
  if (!hasDate(c)) return single(after ?? today);
  return null; // a year alone ("next year")
}

type Days = { from: number; to: number };

function single(day: number): Days {
  return { from: day, to: day };
}

/** chrono's weekday (0 = Sunday) as ISO (1 = Monday .. 7 = Sunday). */
function weekdayIso(weekday: number): number {
  return weekday === 0 ? 7 : weekday;
}

/** A component's clock time in minutes, and whether its am/pm was said (or implied by a part). */
function clockOf(c: chrono.ParsedComponents, pm: boolean): { minute: number; certain: boolean } {
  let hour = c.get('hour') ?? 0;
  const minute = c.get('minute') ?? 0;
  let certain = c.isCertain('meridiem');
  if (!certain && pm) {
    if (hour >= 1 && hour < 12) hour += 12;
    certain = hour >= 12;
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
