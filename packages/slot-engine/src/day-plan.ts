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
 * Both lists lie inside the day's own [dayStart(day), dayStart(day + 1)): the zone clock keeps
 * local order (a gap time resolves to the instant of the change, see zone-clock.ts), and
 * dayStart(day) / dayStart(day + 1) are the instants of local minutes 0 and 1440, so every
 * minute of the day maps between them, even when a gap straddles midnight. The clip below
 * therefore changes nothing for a real zone; it makes the property hold by construction.
 * Keeping each day inside its own span means a slot belongs to exactly one day and only that
 * day's rules can touch it, so checkBooking needs to rebuild just the start's day.
 */
export function planDay(rules: Rules, clock: ZoneClock, day: number): DayPlan {
  const span = { from: clock.dayStart(day), to: clock.dayStart(day + 1) };
  return {
    windows: toInstants(openMinutesOn(rules, day), clock, day, span),
    blocks: toInstants(blockedMinutesOn(rules, day), clock, day, span),
  };
}

/** The day's minute ranges as instants, held to the day's span [from, to). */
function toInstants(ranges: MinuteRange[], clock: ZoneClock, day: number, { from, to }: { from: number; to: number }): Interval[] {
  const out: Interval[] = [];
  for (const r of ranges) {
    const start = Math.max(from, clock.toInstant(day, r.start));
    const end = Math.min(to, clock.toInstant(day, r.end));
    // A range lying wholly inside a spring-forward gap has both ends at the instant of the
    // change: zero length, no time (and it adds or removes nothing). A range straddling the
    // gap keeps exactly its existing part: 02:30-03:30 in New York on 2026-03-08 is
    // [07:00Z, 07:30Z). Inverted spans cannot arise (the clock keeps local order).
    if (start < end) out.push({ start, end });
  }
  return out;
}
