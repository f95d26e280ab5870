// The day and month words the `when` reader's modules match, defined once.

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A weekday's full name, lower-case, captured ("monday"). */
export const WEEKDAY_WORD = `(${WEEKDAY_NAMES.map((day) => day.toLowerCase()).join('|')})`;

/** A weekday as written, full or short ("monday", "mon", "tues", "thurs."). */
export const WEEKDAY_ABBREVIATION = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?';

/** ISO weekday 1..7 of a full lower-case name (0 for none). */
export const weekdayNumber = (name: string) => WEEKDAY_NAMES.findIndex((day) => day.toLowerCase() === name) + 1;

const MONTH_ABBREVIATIONS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month as written, full or short ("december", "dec", "dec."). */
export const MONTH_WORD = `(?:${MONTH_ABBREVIATIONS.join('|')})[a-z]*\\.?`;

/** Month 1..12 of a month as MONTH_WORD matches it (0 for none). */
export const monthNumber = (word: string) => MONTH_ABBREVIATIONS.indexOf(word.slice(0, 3)) + 1;
