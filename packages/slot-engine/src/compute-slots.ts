import { bookingWindow, gridStepMs, isDayFull, widenBusy } from './booking-window.js';
import { formatDay, parseDay } from './calendar-day.js';
import { planDay } from './day-plan.js';
import { unionOf } from './intervals.js';
import { prepareRules } from './rules.js';
import { slotLengthMs } from './slot-grid.js';
import { sweepGrid } from './sweep-grid.js';
import type { Interval, SlotQuery } from './types.js';
import { createZoneClock } from './zone-clock.js';

/**
 * Every bookable slot whose local date lies in dateFrom..dateTo, ascending and unique.
 * Pure: the same query always gives the same answer, and nothing is read from the clock.
 *
 * @example
 * computeSlots({
 *   timezone: 'America/New_York',
 *   schedule: { workingDays: [7], workStart: '01:00', workEnd: '04:00' },
 *   overrides: [], busy: [], dateFrom: '2026-03-08', dateTo: '2026-03-08',
 *   durationMinutes: 30, now: 0,
 * }); // starts at 06:00Z, 06:30Z, 07:00Z, 07:30Z (the DST change eats an hour)
 */
export function computeSlots(q: SlotQuery): Interval[] {
  return computeSlotsWithExpiry(q).slots;
}

export interface ExpiringSlots {
  slots: Interval[];
  /**
   * Epoch ms: the same query with any `now` in [q.now, unchangedUntil) lists exactly these
   * slots (a lower bound; Infinity when time alone can never change them). Time only removes
   * slots at the front (start > now, the notice) and, under a horizon, adds them at the back.
   */
  unchangedUntil: number;
}

/** computeSlots, and until when time alone leaves its answer unchanged (for caching it). */
export function computeSlotsWithExpiry(q: SlotQuery): ExpiringSlots {
  const length = slotLengthMs(q.durationMinutes);
  const step = length === null ? null : gridStepMs(q.rules, length);
  const first = parseDay(q.dateFrom);
  const last = parseDay(q.dateTo);
  if (length === null || step === null || !(first <= last)) return { slots: [], unchangedUntil: Number.POSITIVE_INFINITY };

  const clock = createZoneClock(q.timezone);
  const rules = prepareRules(q.schedule, q.overrides);
  const windows: Interval[] = [];
  const taken: Interval[] = [];
  for (let day = first; day <= last; day++) {
    const plan = planDay(rules, clock, day);
    // A full day keeps its blocks (harmless) but offers no window, so lists no start.
    if (!isDayFull(q.rules, q.bookingsPerDay, formatDay(day))) for (const w of plan.windows) windows.push(w);
    for (const b of plan.blocks) taken.push(b);
  }
  // Bookings outside the range cannot touch its slots; dropping them keeps the sort small.
  const from = clock.dayStart(first);
  const to = clock.dayStart(last + 1);
  for (const b of widenBusy(q.busy, q.rules)) if (b.end > from && b.start < to) taken.push(b);

  const bounds = bookingWindow(q.now, q.rules);
  const { slots, nextBeyondHorizon } = sweepGrid(windows, unionOf(taken), { length, step }, bounds);
  // The first slot leaves once now passes it or the notice reaches it; the first start past
  // the horizon joins once the horizon reaches it.
  const leaves = slots.length > 0 ? slots[0]!.start - (bounds.earliest - bounds.now) : Number.POSITIVE_INFINITY;
  const joins = bounds.latest === Number.POSITIVE_INFINITY ? bounds.latest : nextBeyondHorizon - (bounds.latest - bounds.now);
  return { slots, unchangedUntil: Math.min(leaves, joins) };
}
