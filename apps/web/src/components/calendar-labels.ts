import type { Calendar } from '@humantime/contract';
import { formatNumber } from '../lib/format.js';

/** How a calendar is named when it has no name of its own. */
export const KIND_LABEL: Record<Calendar['kind'], string> = { ics: 'iCalendar feed', caldav: 'CalDAV calendar' };

/**
 * The host of a calendar's address, and nothing more: the rest of it (a feed's secret path,
 * a CalDAV user's collection) works like a password, so the page never shows it.
 */
export function calendarHost(url: string): string {
  try {
    return new URL(url).host || 'unknown address';
  } catch {
    return 'unknown address';
  }
}

export const labelOf = (calendar: Calendar) => calendar.name ?? KIND_LABEL[calendar.kind];
export const busyTimes = (count: number) => `${formatNumber(count)} busy ${count === 1 ? 'time' : 'times'}`;
