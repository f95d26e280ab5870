import { formatDay, isoWeekday, parseDay } from './calendar-day.js';
import { monthNumber, MONTH_WORD, WEEKDAY_WORD, weekdayNumber } from './when-words.js';

/**
 * Days named by counting that the parser does not read, rewritten to the date they name
 * ("YYYY-MM-DD", which it does), for readWhen. `today` is the local date as a day number.
 * - "Friday after next": the Friday a week after "next Friday" (the first Friday after today).
 * - "the first / second / third / fourth / last Monday of December [2027]": that day of the
 *   month; without a year, the next one not yet past.
 * - "next business day" / "next working day": the first Monday to Friday after today.
 */
export function namedDays(text: string, today: number): string {
  return text
    .replace(new RegExp(`\\b(?:the )?${WEEKDAY_WORD} after next\\b`, 'g'), (_m, day: string) => formatDay(nextWeekday(today, day) + 7))
    .replace(
      new RegExp(
        `\\b(?:the )?(first|1st|second|2nd|third|3rd|fourth|4th|last) ${WEEKDAY_WORD} (?:of|in) (${MONTH_WORD})(?: (\\d{4}))?\\b`,
        'g',
      ),
      (...[, nth, day, month, year]: string[]) =>
        formatDay(
          nthWeekdayOf(
            { n: ORDINALS[nth ?? ''] ?? 1, weekday: weekdayNumber(day ?? ''), month: monthNumber(month ?? '') },
            year ? Number(year) : undefined,
            today,
          ),
        ),
    )
    .replace(/\b(?:the )?next (?:business|working|work) day\b/g, () => {
      let day = today + 1;
      while (isoWeekday(day) > 5) day += 1;
      return formatDay(day);
    });
}

const ORDINALS: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 };

/** The first `weekday` (ISO name) after `today`, a week ahead when today is one. */
function nextWeekday(today: number, name: string): number {
  return today + (((weekdayNumber(name) - isoWeekday(today) + 6) % 7) + 1);
}

/** The n-th (or, for -1, the last) ISO weekday of a month; without a year, the next not past. */
function nthWeekdayOf(
  { n, weekday, month }: { n: number; weekday: number; month: number },
  year: number | undefined,
  today: number,
): number {
  const inYear = (y: number) => {
    const first = parseDay(`${y}-${String(month).padStart(2, '0')}-01`);
    const next = parseDay(month === 12 ? `${y + 1}-01-01` : `${y}-${String(month + 1).padStart(2, '0')}-01`);
    if (n > 0) return first + ((weekday - isoWeekday(first) + 7) % 7) + (n - 1) * 7;
    const last = next - 1;
    return last - ((isoWeekday(last) - weekday + 7) % 7);
  };
  if (year !== undefined) return inYear(year);
  const thisYear = Number(formatDay(today).slice(0, 4));
  const day = inYear(thisYear);
  return day >= today ? day : inYear(thisYear + 1);
}
