import { DAY_MS, MINUTE_MS } from './calendar-day.js';
import type { Interval, SchedulingRules } from './types.js';

/**
 * The instants a start may take under "starts in the future", minimum_notice and
 * booking_horizon_days: start > now, start ≥ now + notice, start ≤ now + horizon days.
 * The horizon counts 24-hour days of real time from now, not local calendar days.
 */
export interface BookingWindow {
  now: number;
  earliest: number;
  latest: number;
}

export function bookingWindow(now: number, rules: SchedulingRules | undefined): BookingWindow {
  const notice = rules?.minimumNotice ?? 0;
  const horizon = rules?.bookingHorizonDays;
  return {
    now,
    earliest: now + notice * MINUTE_MS,
    latest: horizon === undefined ? Number.POSITIVE_INFINITY : now + horizon * DAY_MS,
  };
}

/** Whether a start (already known to be after now) lies inside the notice and the horizon. */
export function insideBookingWindow(w: BookingWindow, start: number): boolean {
  return start >= w.earliest && start <= w.latest;
}

/**
 * Each booking's own buffered range, widened by the new booking's buffers: a slot [s, e) then
 * meets a widened range exactly when its own buffered range [s − before, e + after) meets the
 * booking's, so the sweep can test plain slots against plain intervals.
 */
export function widenBusy(busy: readonly Interval[], rules: SchedulingRules | undefined): readonly Interval[] {
  const before = (rules?.bufferBefore ?? 0) * MINUTE_MS;
  const after = (rules?.bufferAfter ?? 0) * MINUTE_MS;
  if (before === 0 && after === 0) return busy;
  // An empty range meets nothing, buffered or not; widened, it would turn into one that does
  // (found by the property test: a 0-minute busy range with a 1-minute buffer after).
  return busy.filter((b) => b.end > b.start).map((b) => ({ start: b.start - after, end: b.end + before }));
}

/** The grid step in ms: slot_interval when set, else the slot length. */
export function gridStepMs(rules: SchedulingRules | undefined, length: number): number | null {
  const interval = rules?.slotInterval;
  if (interval === undefined) return length;
  return Number.isInteger(interval) && interval > 0 ? interval * MINUTE_MS : null;
}

/** Whether a local date already holds max_bookings_per_day confirmed bookings. */
export function isDayFull(rules: SchedulingRules | undefined, counts: Readonly<Record<string, number>> | undefined, date: string): boolean {
  const max = rules?.maxBookingsPerDay;
  return max !== undefined && (counts?.[date] ?? 0) >= max;
}
