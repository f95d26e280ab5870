import type { BookingWindow } from './booking-window.js';
import { firstEndingAfter } from './intervals.js';
import type { Interval } from './types.js';

/**
 * Walks each window's grid (slots of `grid.length`, starts `grid.step` apart) with plain numbers: a slot
 * survives when it lies inside the booking window (after now, past the notice, within the
 * horizon) and meets no taken interval. `taken` must be sorted and disjoint (see unionOf);
 * the pointer into it only moves forward within a window, so a query costs O(slots + taken)
 * after the sort. Taken time is skipped by jumping to the first grid point at or after its
 * end (every earlier point would still meet it), never by moving the grid.
 */
export function sweepGrid(
  windows: readonly Interval[],
  taken: readonly Interval[],
  { length, step }: { length: number; step: number },
  bounds: BookingWindow,
): SweptGrid {
  const slots: Interval[] = [];
  let nextBeyondHorizon = Number.POSITIVE_INFINITY;
  for (const w of windows) {
    let j = firstEndingAfter(taken, w.start);
    let k = firstIndexFrom(w.start, step, bounds);
    let start = w.start + k * step;
    while (start + length <= w.end && start <= bounds.latest) {
      const end = start + length;
      while (j < taken.length && taken[j]!.end <= start) j++;
      const t = taken[j];
      if (t !== undefined && t.start < end) {
        k = Math.ceil((t.end - w.start) / step);
      } else {
        slots.push({ start, end });
        k++;
      }
      start = w.start + k * step;
    }
    // The window's first grid start past the horizon that fits it: the earliest this window
    // can gain a slot as time moves on (points skipped over taken time stay taken).
    if (start + length <= w.end && start < nextBeyondHorizon) nextBeyondHorizon = start;
  }
  return { slots: sortedUnique(slots), nextBeyondHorizon };
}

export interface SweptGrid {
  slots: Interval[];
  /** The earliest grid start left out only for lying past the horizon (Infinity: none). */
  nextBeyondHorizon: number;
}

/** The first grid index whose start is after now and not before the notice allows. */
function firstIndexFrom(origin: number, step: number, bounds: BookingWindow): number {
  const afterNow = origin > bounds.now ? 0 : Math.floor((bounds.now - origin) / step) + 1;
  const afterNotice = origin >= bounds.earliest ? 0 : Math.ceil((bounds.earliest - origin) / step);
  return Math.max(afterNow, afterNotice);
}

/**
 * Windows come day by day and, within a day, in local order (merged, so disjoint); the zone
 * clock keeps local order, so they map to disjoint instant windows (at most touching, when
 * two pieces end and start inside the same spring-forward gap) and the slots are ascending
 * already. With slot_interval shorter than the duration, slots of one window overlap each
 * other but still start in ascending order. This pass only guards the contract should a
 * window ever arrive out of order.
 */
function sortedUnique(slots: Interval[]): Interval[] {
  let ascending = true;
  for (let i = 1; i < slots.length && ascending; i++) {
    ascending = slots[i]!.start > slots[i - 1]!.start;
  }
  if (ascending) return slots;
  slots.sort((a, b) => a.start - b.start);
  return slots.filter((s, i) => i === 0 || s.start !== slots[i - 1]!.start);
}
