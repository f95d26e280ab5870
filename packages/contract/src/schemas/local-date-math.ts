// Whole-day arithmetic on "YYYY-MM-DD" strings. Done in UTC on purpose: a calendar date has
// no time zone, and UTC days are all 24 hours long, so the difference is exact.

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;

export function isLocalDate(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_DATE.test(value) && !Number.isNaN(toUtcMs(value));
}

function toUtcMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which maps years 0-99 to 1900-1999.
  const back = new Date(0);
  back.setUTCFullYear(y, m - 1, d);
  // Dates roll over (02-30 becomes 03-02); a real date survives the round trip unchanged.
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? back.getTime() : Number.NaN;
}

/** Days from `from` to `to` (negative when `to` is earlier). Both must be valid dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}
