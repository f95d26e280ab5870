import { blockedMinutesOn } from './blocks.js';
import type { MinuteRange, Rules } from './rules.js';
import { openMinutesOn } from './open-windows.js';
import type { Interval } from './types.js';
import type { ZoneClock } from './zone-clock.js';

/**
 * One local date as instants: its open windows (each the anchor of its own slot grid) and its
 * blocks. This is the single construction both computeSlots and checkBooking use, which is what
 * makes "listed ⇔ bookable" hold by construction.
 */
export interface DayPlan {
  windows: Interval[];
  blocks: Interval[];
}

/**
 * Both lists are clipped to the day's own [dayStart(day), dayStart(day + 1)). Windows never
 * cross midnight (work_start < work_end, no overnight shifts), so clipping changes nothing
 * except in a spring-forward gap that straddles midnight, where a shifted-forward local time
 * could otherwise land in the neighbouring day. Keeping each day inside its own span means a
 * slot belongs to exactly one day and only that day's rules can touch it, so checkBooking
 * needs to rebuild just the start's day.
 */
export function planDay(rules: Rules, clock: ZoneClock, day: number): DayPlan {
  const from = clock.dayStart(day);
  const to = clock.dayStart(day + 1);
  return {
    windows: toInstants(openMinutesOn(rules, day), clock, day, from, to),
    blocks: toInstants(blockedMinutesOn(rules, day), clock, day, from, to),
  };
}

function toInstants(ranges: MinuteRange[], clock: ZoneClock, day: number, from: number, to: number): Interval[] {
  const out: Interval[] = [];
  for (const r of ranges) {
    const start = Math.max(from, clock.toInstant(day, r.start));
    const end = Math.min(to, clock.toInstant(day, r.end));
    // A range lying wholly inside a gap resolves to an empty or inverted span: no time.
    if (start < end) out.push({ start, end });
  }
  return out;
}
