import * as chrono from 'chrono-node';
import { DAY_MS, isoWeekday } from './calendar-day.js';
import { MONTH_WORD } from './when-words.js';

/**
 * The chrono-node adapter of readWhen (when.ts): what chrono read, which words it left, and
 * the local dates a parsed component names. Day numbers are days since 1970-01-01.
 */

export interface Today {
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

/** Words that may stand around what the parser read without changing its meaning. */
export const FILLER = new Set(['on', 'at', 'in', 'the', 'of', 'for', 'during', 'sometime', 'some', 'time', 'any', 'anytime']);

const WEEKDAY = '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|rsday|urday)?\\.?';

/**
 * Whether the two ends of a time range name different days ("Monday 9am to Wednesday 5pm").
 * The end's components cannot tell: chrono also dates the end of "Dec 14 from 9 to 5" Dec 15
 * (5 < 9), with the same certainty. So the text on each side of the last range word is read
 * on its own; a day named on one side only ("from 2 to 4pm tomorrow") belongs to both.
 */
export function endNamesADay(result: chrono.ParsedResult, t: Today): boolean {
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

/**
 * Whether `end` names a day other than `start`'s: not one chrono implied, nor the next day it
 * moves an end to when its time is not after the start's ("tomorrow 11 to 1", "10pm to midnight"),
 * unless `text` names a range of month-days itself ("Dec 14-15 from 9 to 5", "Dec 14-15 at 9").
 */
export function namesOtherDay(start: chrono.ParsedComponents, end: chrono.ParsedComponents, text: string): boolean {
  if (!end.isCertain('day') && !end.isCertain('weekday')) return false;
  const days = Math.round((end.date().getTime() - start.date().getTime()) / DAY_MS);
  const rolledOver = hasTime(start) && days <= 1 && clockMinute(end) <= clockMinute(start) && !MONTH_DAY_RANGE.test(text);
  return !rolledOver && ['year', 'month', 'day'].some((unit) => start.get(unit as chrono.Component) !== end.get(unit as chrono.Component));
}

const DAY_NUMBER = '\\d{1,2}(?:st|nd|rd|th)?';
const RANGE_WORD = '\\s*(?:-|\u2013|to|through|thru|until|till)\\s*';
/** "Dec 14-15", "Dec 14 to Dec 15", "14-15 December": two days of a month, named. */
const MONTH_DAY_RANGE = new RegExp(
  `\\b${MONTH_WORD}\\s+${DAY_NUMBER}${RANGE_WORD}(?:${MONTH_WORD}\\s+)?${DAY_NUMBER}\\b|\\b${DAY_NUMBER}${RANGE_WORD}${DAY_NUMBER}\\s+${MONTH_WORD}`,
);

const clockMinute = (c: chrono.ParsedComponents) => (c.get('hour') ?? 0) * 60 + (c.get('minute') ?? 0);

export const sameClock = (a: chrono.ParsedComponents, b: chrono.ParsedComponents) =>
  a.get('hour') === b.get('hour') && a.get('minute') === b.get('minute');

export function hasDate(c: chrono.ParsedComponents): boolean {
  return c.isCertain('day') || c.isCertain('weekday') || c.isCertain('month') || c.isCertain('year');
}

/** A month and day said without a year ("Nov 23"): daysOf takes the next such date. */
export function isYearless(c: chrono.ParsedComponents): boolean {
  return c.isCertain('day') && c.isCertain('month') && !c.isCertain('year');
}

/** The same month and day a year before `day` (undefined for a Feb 29 whose year before has none). */
export function yearBefore(day: number): number | undefined {
  const date = new Date(day * DAY_MS);
  const before = Date.UTC(date.getUTCFullYear() - 1, date.getUTCMonth(), date.getUTCDate());
  return new Date(before).getUTCDate() === date.getUTCDate() ? before / DAY_MS : undefined;
}

export function hasTime(c: chrono.ParsedComponents): boolean {
  return c.isCertain('hour');
}

/** The words of `text` outside every result that are not filler (nor the "to" of a range). */
export function leftoverWords(text: string, results: chrono.ParsedResult[], dayRange: boolean): string[] {
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
export function joinedAsRange(text: string, a: chrono.ParsedResult, b: chrono.ParsedResult): boolean {
  const between = text.slice(a.index + a.text.length, b.index).trim();
  return /^(?:to|until|till|through|thru|-|–)$/.test(between) && a.index < b.index;
}

/**
 * The local date(s) a component names. `after`: for the end of a range, the day number of its
 * start (a month-day without year, or a weekday, is the first on or after it).
 */
export function daysOf(c: chrono.ParsedComponents, text: string, t: Today, after: number | null): Days | null {
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

export type Days = { from: number; to: number };

function single(day: number): Days {
  return { from: day, to: day };
}

/** chrono's weekday (0 = Sunday) as ISO (1 = Monday .. 7 = Sunday). */
export function weekdayIso(weekday: number): number {
  return weekday === 0 ? 7 : weekday;
}
