import type { Interval } from './types.js';

/** Half-open overlap; an empty interval overlaps nothing. */
export function overlaps(a: Interval, start: number, end: number): boolean {
  return a.start < a.end && a.start < end && start < a.end;
}

/** Sorted, disjoint union of the non-empty intervals (touching ones joined). */
export function unionOf(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.start < i.end).sort((a, b) => a.start - b.start);
  const union: Interval[] = [];
  for (const { start, end } of sorted) {
    const last = union[union.length - 1];
    if (last !== undefined && start <= last.end) {
      if (end > last.end) last.end = end;
    } else {
      union.push({ start, end });
    }
  }
  return union;
}

/** Index of the first interval of a sorted disjoint list that ends after `instant`. */
export function firstEndingAfter(sorted: readonly Interval[], instant: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.end <= instant) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
