import { bookingWindow, gridStepMs, insideBookingWindow, isDayFull, widenBusy } from './booking-window.js';
import { formatDay } from './calendar-day.js';
import { planDay } from './day-plan.js';
import { overlaps } from './intervals.js';
import { prepareRules } from './rules.js';
import { isGridSlot, slotLengthMs } from './slot-grid.js';
import type { BookingCheck, BookingVerdict } from './types.js';
import { createZoneClock } from './zone-clock.js';

/**
 * Whether one proposed booking may be made, with the first reason it may not, in the API's
 * documented check order. It rebuilds the start's local day with the same code computeSlots uses, so it
 * accepts exactly the starts computeSlots lists for any range holding that day.
 *
 * Only the start's own day is consulted: windows and blocks are clipped to their day's span
 * (see day-plan.ts), so no window of the previous day reaches past midnight into this one.
 *
 * @example
 * checkBooking({ ...human, busy, meetingDurations: [30], start, durationMinutes: 45, now });
 * // { ok: false, reason: 'INVALID_DURATION' }
 */
export function checkBooking(c: BookingCheck): BookingVerdict {
  const length = slotLengthMs(c.durationMinutes);
  if (length === null || !c.meetingDurations.includes(c.durationMinutes)) {
    return { ok: false, reason: 'INVALID_DURATION' };
  }
  if (!(c.start > c.now)) return { ok: false, reason: 'PAST_START' };

  const clock = createZoneClock(c.timezone);
  const day = clock.dayOf(c.start);
  const plan = planDay(prepareRules(c.schedule, c.overrides), clock, day);
  const end = c.start + length;
  const step = gridStepMs(c.rules, length);
  if (step === null || !plan.windows.some((w) => isGridSlot(w, c.start, length, step))) {
    return { ok: false, reason: 'OUTSIDE_WORKING_HOURS' };
  }
  if (!insideBookingWindow(bookingWindow(c.now, c.rules), c.start)) {
    return { ok: false, reason: 'OUTSIDE_BOOKING_WINDOW' };
  }
  if (plan.blocks.some((b) => overlaps(b, c.start, end))) {
    return { ok: false, reason: 'SCHEDULE_BLOCKED' };
  }
  if (isDayFull(c.rules, c.bookingsPerDay, formatDay(day)) || widenBusy(c.busy, c.rules).some((b) => overlaps(b, c.start, end))) {
    return { ok: false, reason: 'SLOT_UNAVAILABLE' };
  }
  return { ok: true };
}
