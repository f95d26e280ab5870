// The week calendar is drawn in the human's time zone: a day column holds what falls on
// that local date there, whatever the viewer's zone. Pure functions, tested beside; the date
// arithmetic itself (addDays) is the slot engine's, shared with the API.
import { addDays } from '@humantime/slot-engine';

/** "YYYY-MM-DD" of an instant as seen in a zone. */
export function localDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(iso),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** ISO weekday of a calendar date, 1 = Monday .. 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The seven dates of the week starting at a Monday. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * A UTC window surely covering the local week in any zone (offsets lie within ±14 h),
 * used to ask the API for bookings; the items are then placed by their local date.
 */
export function coveringWindow(monday: string): { after: string; before: string } {
  return { after: `${addDays(monday, -1)}T00:00:00Z`, before: `${addDays(monday, 8)}T00:00:00Z` };
}

/** Groups items by their local date in the zone, keeping only the week's dates. */
export function byLocalDate<T>(items: T[], startOf: (item: T) => string, dates: string[], timeZone: string): Map<string, T[]> {
  const groups = new Map<string, T[]>(dates.map((d) => [d, []]));
  for (const item of items) {
    groups.get(localDate(startOf(item), timeZone))?.push(item);
  }
  return groups;
}
