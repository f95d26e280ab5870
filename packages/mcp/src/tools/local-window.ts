import { LocalTime, Weekday } from '@humantime/contract';
import { z } from 'zod';
import { wallTime } from '../local-time.js';

/** Optional local time-of-day window and weekdays, shared by find_slots and book_first_available. */
export const localWindowShape = {
  earliest_time: LocalTime.optional().describe("Only slots starting at or after this local time (HH:MM, the human's zone)"),
  latest_time: LocalTime.optional().describe("Only slots ending at or before this local time (HH:MM, the human's zone)"),
  weekdays: z.array(Weekday).min(1).optional().describe('Only these local weekdays, 1=Monday..7=Sunday'),
};

export interface LocalWindow {
  earliest_time?: string | undefined;
  latest_time?: string | undefined;
  weekdays?: number[] | undefined;
}

/** Why a window can hold no slot (earliest_time not before latest_time), for a refusal; undefined when it is fine. */
export function windowProblem(window: LocalWindow): string | undefined {
  if (window.earliest_time && window.latest_time && window.earliest_time >= window.latest_time)
    return `earliest_time (${window.earliest_time}) must be before latest_time (${window.latest_time})`;
  return undefined;
}

/** Whether a slot lies in the window, judged on the human's wall clock. */
export function inLocalWindow(slot: { starts_at: string; ends_at: string }, timezone: string, window: LocalWindow): boolean {
  const start = wallTime(slot.starts_at, timezone);
  if (window.weekdays && !window.weekdays.includes(start.weekday)) return false;
  if (window.earliest_time && start.time < window.earliest_time) return false;
  if (window.latest_time) {
    const end = wallTime(slot.ends_at, timezone);
    // A slot ending at local midnight ends "24:00" of its start day, not 00:00.
    const endTime = end.date === start.date ? end.time : '24:00';
    if (endTime > window.latest_time) return false;
  }
  return true;
}
