/**
 * Local calendar dates as "day numbers" (days since 1970-01-01) and wall-clock times as minutes
 * since local midnight. Plain arithmetic, no zone involved: the zone only matters when a local
 * (day, minute) is turned into an instant, which is zone-clock.ts's job.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;

/** "YYYY-MM-DD" → day number; NaN for anything unparseable, which makes every range empty. */
export function parseDay(date: string): number {
  const [y, m, d] = date.split('-');
  const day = new Date(0);
  day.setUTCFullYear(Number(y), Number(m) - 1, Number(d)); // Date.UTC would read years 0-99 as 1900-1999
  return day.getTime() / DAY_MS;
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const FIRST_DAY = parseDay('0001-01-01');
const LAST_DAY = parseDay('9999-12-31');

/**
 * "YYYY-MM-DD" plus whole days (negative: earlier), on the calendar alone: no zone is involved,
 * so no date is skipped or repeated across a DST change. The one date arithmetic of the API and
 * the dashboard (a week's last date, a read widened by a few days). Held to years 1-9999, the
 * dates "YYYY-MM-DD" can write: a read widened past 9999-12-31 stops there.
 */
export function addDays(date: string, days: number): string {
  return formatDay(Math.min(LAST_DAY, Math.max(FIRST_DAY, parseDay(date) + days)));
}

/** ISO weekday (1 = Monday .. 7 = Sunday); day 0 (1970-01-01) was a Thursday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/**
 * "HH:MM" → minutes since local midnight. "24:00" is accepted as the end of the day so that a
 * range can reach midnight; the server's HH:MM validation decides whether it ever arrives.
 */
export function parseClock(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}
