import { firstEndingAfter } from './intervals.js';
import type { Interval } from './types.js';

/**
 * Walks each window's grid with plain numbers: a slot survives when it starts after `now` and
 * meets no taken interval. `taken` must be sorted and disjoint (see unionOf); the pointer into
 * it only moves forward within a window, so a query costs O(slots + taken) after the sort.
 * Taken time is skipped by jumping to the first grid point at or after its end, never by
 * moving the grid.
 */
export function sweepGrid(
  windows: readonly Interval[],
  taken: readonly Interval[],
  length: number,
  now: number,
): Interval[] {
  const slots: Interval[] = [];
  for (const w of windows) {
    let j = firstEndingAfter(taken, w.start);
    let k = w.start > now ? 0 : Math.floor((now - w.start) / length) + 1;
    let start = w.start + k * length;
    while (start + length <= w.end) {
      const end = start + length;
      while (j < taken.length && taken[j]!.end <= start) j++;
      const t = taken[j];
      if (t !== undefined && t.start < end) {
        k = Math.ceil((t.end - w.start) / length);
      } else {
        slots.push({ start, end });
        k++;
      }
      start = w.start + k * length;
    }
  }
  return sortedUnique(slots);
}

/**
 * Windows come day by day and, within a day, in local order (merged, so disjoint); the zone
 * clock keeps local order, so they map to disjoint instant windows (at most touching, when
 * two pieces end and start inside the same spring-forward gap) and the slots are ascending
 * already. This pass only guards the contract should a window ever arrive out of order.
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
