import { planDay } from './day-plan.js';
import { overlaps } from './intervals.js';
import { prepareRules } from './rules.js';
import { isGridSlot, slotLengthMs } from './slot-grid.js';
import type { BookingCheck, BookingVerdict } from './types.js';
import { createZoneClock } from './zone-clock.js';

/**
 * Whether one proposed booking may be made, with the first reason it may not, in PRODUCT's
 * order. It rebuilds the start's local day with the same code computeSlots uses, so it
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
  const plan = planDay(prepareRules(c.schedule, c.overrides), clock, clock.dayOf(c.start));
  const end = c.start + length;
  if (!plan.windows.some((w) => isGridSlot(w, c.start, length))) {
    return { ok: false, reason: 'OUTSIDE_WORKING_HOURS' };
  }
  if (plan.blocks.some((b) => overlaps(b, c.start, end))) {
    return { ok: false, reason: 'SCHEDULE_BLOCKED' };
  }
  if (c.busy.some((b) => overlaps(b, c.start, end))) {
    return { ok: false, reason: 'SLOT_UNAVAILABLE' };
  }
  return { ok: true };
}
