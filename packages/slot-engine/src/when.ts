import { DateTime } from 'luxon';
import { DAY_MS, formatDay } from './calendar-day.js';
import { namedDays } from './when-days.js';
import { NUMBER_WORDS, read } from './when-rules.js';
import { MONTH_WORD, WEEKDAY_ABBREVIATION, WEEKDAY_WORD, weekdayNumber } from './when-words.js';
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

/**
 * A reading, or why the text cannot be used. A window that was read but is already over comes
 * with its `window`: in another zone, whose today is another date, the same words may name a
 * window that has not ended.
 */
export type WhenReading = { ok: true; window: InterpretedWindow } | { ok: false; message: string; window?: InterpretedWindow };

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
 * - Spans from today: "the next 3 days", "within 10 days", "next 2 weeks", "within the next
 *   week", "next 2 months" run from today to that many days, weeks or months after it.
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
 *   time or range otherwise wins over the part of day. Otherwise a bare hour from 1 to 6 is pm, as
 *   people say it ("next Tuesday at 2" → 14:00-15:00, "between 2 and 4" → 14:00-16:00), unless
 *   written the 24-hour way ("at 02:00"); other hours read as written ("at 10" → 10:00). A time with
 *   no day is today's. Times apply to every date of a range ("Monday to Wednesday afternoons").
 *
 * Not ok, with a message: empty text, text over 200 characters, text with words the parser
 * did not read (so "not tomorrow" or "Monday or Tuesday" are refused rather than half read),
 * several separate dates, a time that names its own zone ("3pm EST"), times relative to now
 * ("now", "in 2 hours": see Today.noon in when-chrono.ts), a time range crossing midnight or whose ends name
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
  const normalized = normalize(trimmed);
  const reading = read(namedDays(normalized, today), { today, noon: new Date(local.year, local.month - 1, local.day, 12, 0) });
  if (!reading.ok) {
    // The words quoted only when the person wrote them so (not as the rewrites above left them).
    const written = reading.words !== undefined && reading.words !== normalized && trimmed.toLowerCase().includes(reading.words.trim());
    const words = written ? `"${reading.words}" in ` : '';
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
    return { ok: false, message: `${shown} covers ${to - from + 1} days; a window covers at most ${WHEN_MAX_DAYS}.`, window };
  }
  const end = createZoneClock(timezone).toInstant(to, reading.toMinute);
  if (end <= nowMs) return { ok: false, message: `${shown} is already over; ask for a window that has not ended.`, window };
  return { ok: true, window };
}

// ---------------------------------------------------------------------------------------------

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
  const plain = text
    .trim()
    // Quotes or brackets around the whole text, as an agent quoting the person sends it.
    .replace(/^["'\u201C\u2018([]+|["'\u201D\u2019)\]]+$/g, '')
    .toLowerCase()
    .replace(/[,;!?]+/g, ' ')
    // "3 p.m." is "3pm" (its last dot is not the sentence's); an en or em dash is a dash.
    .replace(/\b([ap])\.\s?m\b\.?/g, '$1m')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\.+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return SAID_OTHERWISE.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement as string), plain);
}

const HOUR_WORD = `(${Object.keys(NUMBER_WORDS).join('|')})`;
const hourOf = (word: string) => String(NUMBER_WORDS[word] ?? word);

/**
 * Ways of saying a day or a time that the parser does not read, rewritten to ones it does:
 * spoken clock times ("half past 2", "quarter to 5", "at two", "three pm", "12 noon"), "@" for
 * "at", "day after tomorrow" without "the", "next week Friday", "over the weekend", "a fortnight".
 */
const SAID_OTHERWISE: ReadonlyArray<readonly [RegExp, string | ((...groups: string[]) => string)]> = [
  [/@/g, ' at '],
  [/\s+/g, ' '],
  [/\b(?:12|twelve) noon\b/g, 'noon'],
  [/\b(?:12|twelve) midnight\b/g, 'midnight'],
  [new RegExp(`\\bhalf past (\\d{1,2}|${HOUR_WORD.slice(1, -1)})\\b`, 'g'), (_m: string, h: string) => `${hourOf(h)}:30`],
  [new RegExp(`\\bquarter past (\\d{1,2}|${HOUR_WORD.slice(1, -1)})\\b`, 'g'), (_m: string, h: string) => `${hourOf(h)}:15`],
  [
    new RegExp(`\\bquarter to (\\d{1,2}|${HOUR_WORD.slice(1, -1)})\\b`, 'g'),
    (_m: string, h: string) => `${((Number(hourOf(h)) + 10) % 12) + 1}:45`,
  ],
  [new RegExp(`\\b(?:at )?${HOUR_WORD} o'clock\\b`, 'g'), (_m: string, h: string) => `at ${hourOf(h)}`],
  [new RegExp(`\\b${HOUR_WORD} (am|pm)\\b`, 'g'), (_m: string, h: string, suffix: string) => `${hourOf(h)}${suffix}`],
  [/\b(?:at )?(\d{1,2}) o'clock\b/g, 'at $1'],
  [
    new RegExp(`\\b(at|after|before|until|till|from|between|to|and) ${HOUR_WORD}\\b(?! (?:days?|weeks?|months?)\\b)`, 'g'),
    (_m: string, w: string, h: string) => `${w} ${hourOf(h)}`,
  ],
  // Ranges: "from 9am until 5pm" is "from 9am to 5pm"; a leading "from" before days goes; noon and
  // midnight at a range's ends are 12pm and 12am ("noon to 2", "10pm to midnight").
  [/\bfrom (\S+(?: [ap]m)?) (?:until|till|through|thru) /g, 'from $1 to '],
  [/^from (?!\d|noon|midday|midnight)/, ''],
  [/\b(to|and) midnight\b/g, '$1 12am'],
  [/\b(?:noon|midday)(?=\s*(?:\b(?:to|and)\b|[-\u2013]))/g, '12pm'],
  [/((?:\b(?:to|and)\b|[-\u2013])\s*)(?:noon|midday)\b/g, '$112pm'],
  [/^day after tomorrow\b/, 'the day after tomorrow'],
  // "until Friday", "by tomorrow": from today to that day (a time after them is a bound, read later).
  [/^(?:until|till|by|through|thru) (?!\d|noon|midday|midnight)/, 'today to '],
  // "a week from today", "2 weeks from today": that one day, as "in 2 weeks".
  [/^(a|an|one|two|three|\d{1,2}) (days?|weeks?) from (?:today|now)\b/, 'in $1 $2'],
  // Two days next to each other joined by "and" are the range of both ("Thursday and Friday").
  [
    new RegExp(`^${WEEKDAY_WORD} and ${WEEKDAY_WORD}\\b`),
    (m: string, a: string, b: string) => (weekdayNumber(b) - weekdayNumber(a) === 1 ? `${a} to ${b}` : m),
  ],
  // "next week Friday", "next week Mon-Wed": the day or days of that week.
  [
    new RegExp(`\\b(next|this) week (${WEEKDAY_ABBREVIATION}(?: ?(?:-|to|through|thru) ?${WEEKDAY_ABBREVIATION})?)(?![a-z])`, 'g'),
    '$2 $1 week',
  ],
  // "9-5", "2-4pm": two clock hours joined by a dash are a range of times, as "from 9 to 5" is;
  // a dash next to a month ("Dec 14-18", "14-18 December") joins days.
  [
    new RegExp(
      `(?<!\\b${MONTH_WORD} |[\\d/.:-])(between |from )?\\b(\\d{1,2}(?::\\d{2})?(?: ?[ap]m)?) ?[-\u2013] ?(\\d{1,2}(?::\\d{2})?(?: ?[ap]m)?)\\b(?! ?${MONTH_WORD}|[-/]\\d)`,
      'g',
    ),
    // Written "from 9 to 5": a bare "9 to 5" next to other numbers can be read as days.
    (_m: string, word: string | undefined, from: string, to: string) =>
      word === 'between ' ? `between ${from} and ${to}` : `from ${from} to ${to}`,
  ],
  // "9-5 Mon-Fri", "from 2 to 4pm next week": the times after the days, where the parser reads them.
  [/^(from \S+ to \S+) ((?:mon|tue|wed|thu|fri|sat|sun|today|tomorrow|next|this)\b.*)$/, '$2 $1'],
  [/\bover the weekend\b/g, 'this weekend'],
  // "all day tomorrow", "any day next week": the whole days, as the days alone are.
  [/\b(?:all day|any day|any ?time)\b/g, ''],
  // "around 3pm", "about 10": a time is read as from that time for an hour anyway.
  [
    /\b(?:around|about|approximately|circa) (?=noon|midday|\d{1,2}(?::\d{2})?(?!\d)(?! ?(?:days?|weeks?|months?|hours?|minutes?)\b))/g,
    'at ',
  ],
  // "from 3pm onwards", "3pm onwards": after it.
  [/\b(?:from )?(\d{1,2}(?::\d{2})? ?(?:am|pm)?|noon) onwards?\b/g, 'after $1'],
  [/\bin a fortnight\b/g, 'in 2 weeks'],
  [/\bin (\w+) weeks?'? time\b/g, 'in $1 weeks'],
];
