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
  const length = slotLengthMs(q.durationMinutes);
  const step = length === null ? null : gridStepMs(q.rules, length);
  const first = parseDay(q.dateFrom);
  const last = parseDay(q.dateTo);
  if (length === null || step === null || !(first <= last)) return [];

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

  return sweepGrid(windows, unionOf(taken), length, step, bookingWindow(q.now, q.rules));
}
