import { planDay } from './day-plan.js';
import { unionOf } from './intervals.js';
import { prepareRules } from './rules.js';
import type { Interval, OverrideRule, WeeklySchedule } from './types.js';
import { createZoneClock } from './zone-clock.js';

export interface WorkingTimeQuery {
  /** IANA zone name. */
  timezone: string;
  schedule: WeeklySchedule;
  overrides: OverrideRule[];
  /** Epoch ms: the local days from the one holding `from`... */
  from: number;
  /** ...to the one holding the last instant before `to` are read. */
  to: number;
}

/**
 * When the person is at work: the open windows of every local day that [from, to) touches
 * (working hours united with open overrides, by planDay, the same construction the slots
 * use) minus that day's blocks, as sorted, disjoint instants with touching pieces joined (an
 * evening that runs to midnight and a next morning from midnight are one piece). Pieces are
 * not clipped to [from, to), so a piece's start is when that stretch of work begins; only the
 * first and last day read bound them. Bookings, holds and the scheduling rules (buffers,
 * notice, horizon, daily maximum) play no part: this is "at work", not "bookable".
 *
 * @example
 * workingTime({
 *   timezone: 'Europe/Berlin',
 *   schedule: { workingDays: [1, 2, 3, 4, 5], workStart: '09:00', workEnd: '17:00' },
 *   overrides: [{ kind: 'block', startDate: '2026-11-24', endDate: '2026-11-24', startTime: '12:00', endTime: '13:00', weekdays: null }],
 *   from: Date.parse('2026-11-24T10:00:00Z'), to: Date.parse('2026-11-24T10:00:01Z'),
 * }); // 08:00Z-11:00Z and 12:00Z-16:00Z
 */
export function workingTime(q: WorkingTimeQuery): Interval[] {
  if (!(q.from < q.to)) return [];
  const clock = createZoneClock(q.timezone);
  const rules = prepareRules(q.schedule, q.overrides);
  const windows: Interval[] = [];
  const blocks: Interval[] = [];
  const last = clock.dayOf(q.to - 1);
  for (let day = clock.dayOf(q.from); day <= last; day++) {
    const plan = planDay(rules, clock, day);
    windows.push(...plan.windows);
    blocks.push(...plan.blocks);
  }
  return minus(unionOf(windows), unionOf(blocks));
}

/**
 * The human's blocks (block overrides: a weekly meeting, an afternoon off) over the local days
 * that [from, to) touches, as sorted, disjoint instants: busy time of the person's own, which
 * ranking keeps room around like a booking.
 */
export function blockedTime(q: WorkingTimeQuery): Interval[] {
  if (!(q.from < q.to)) return [];
  const clock = createZoneClock(q.timezone);
  const rules = prepareRules(q.schedule, q.overrides);
  const blocks: Interval[] = [];
  const last = clock.dayOf(q.to - 1);
  for (let day = clock.dayOf(q.from); day <= last; day++) blocks.push(...planDay(rules, clock, day).blocks);
  return unionOf(blocks);
}

/** `open` without `blocked`; both sorted and disjoint, and so is the answer. */
function minus(open: readonly Interval[], blocked: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let first = 0;
  for (const window of open) {
    let start = window.start;
    // Blocks are disjoint, so sorted by end too: those ending before this window end before
    // every later one.
    while (first < blocked.length && blocked[first]!.end <= start) first++;
    for (let i = first; i < blocked.length && blocked[i]!.start < window.end; i++) {
      const block = blocked[i]!;
      if (block.start > start) out.push({ start, end: block.start });
      start = Math.max(start, block.end);
    }
    if (start < window.end) out.push({ start, end: window.end });
  }
  return out;
}
