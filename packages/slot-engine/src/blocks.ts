import { isoWeekday } from './calendar-day.js';
import { appliesOn, type MinuteRange, type Rules } from './rules.js';

/**
 * The blocked time of one local date in local minutes: every block override that applies to
 * it; a whole-day block is [0, 1440), i.e. local midnight to the next local midnight. Blocks
 * are kept in local terms so a weekly 10:00 meeting stays at 10:00 across DST.
 */
export function blockedMinutesOn(rules: Rules, day: number): MinuteRange[] {
  const weekday = isoWeekday(day);
  const blocked: MinuteRange[] = [];
  for (const block of rules.blocks) {
    if (appliesOn(block, day, weekday)) blocked.push({ start: block.start, end: block.end });
  }
  return blocked;
}
