import { MINUTES_PER_DAY, parseClock, parseDay } from './calendar-day.js';
import type { OverrideRule, WeeklySchedule } from './types.js';

/** A local [start, end) in minutes since local midnight; end may be 1440. */
export interface MinuteRange {
  start: number;
  end: number;
}

/** An override with its strings parsed once per query instead of once per date. */
export interface DatedRange extends MinuteRange {
  firstDay: number;
  lastDay: number;
  /** Indexed by ISO weekday; null = every day. */
  weekdays: boolean[] | null;
}

export interface Rules {
  /** Indexed by ISO weekday. */
  workingDays: boolean[];
  /** null when workStart >= workEnd, so it can never produce a window. */
  workHours: MinuteRange | null;
  opens: DatedRange[];
  blocks: DatedRange[];
}

function weekdayMask(days: readonly number[]): boolean[] {
  const mask = new Array<boolean>(8).fill(false);
  for (const d of days) if (d >= 1 && d <= 7) mask[d] = true;
  return mask;
}

/**
 * Input is validated by the server; anything that slips through here degrades to "no time"
 * rather than an exception: an empty or inverted range is dropped, and an open override
 * without both times is dropped (an open override must have times). A block with
 * fewer than two times counts as whole days, the reading that refuses rather than allows.
 */
function parseOverride(rule: OverrideRule): DatedRange | null {
  const timed = rule.startTime !== null && rule.endTime !== null;
  if (!timed && rule.kind === 'open') return null;
  const start = timed ? parseClock(rule.startTime as string) : 0;
  const end = timed ? parseClock(rule.endTime as string) : MINUTES_PER_DAY;
  if (!(start < end)) return null;
  return {
    firstDay: parseDay(rule.startDate),
    lastDay: parseDay(rule.endDate),
    weekdays: rule.weekdays === null ? null : weekdayMask(rule.weekdays),
    start,
    end,
  };
}

export function prepareRules(schedule: WeeklySchedule, overrides: readonly OverrideRule[]): Rules {
  const start = parseClock(schedule.workStart);
  const end = parseClock(schedule.workEnd);
  const opens: DatedRange[] = [];
  const blocks: DatedRange[] = [];
  for (const rule of overrides) {
    const parsed = parseOverride(rule);
    if (parsed !== null) (rule.kind === 'open' ? opens : blocks).push(parsed);
  }
  return {
    workingDays: weekdayMask(schedule.workingDays),
    workHours: start < end ? { start, end } : null,
    opens,
    blocks,
  };
}

export function appliesOn(range: DatedRange, day: number, weekday: number): boolean {
  return day >= range.firstDay && day <= range.lastDay && (range.weekdays === null || range.weekdays[weekday] === true);
}
