import { MINUTE_MS } from './calendar-day.js';
import type { Interval } from './types.js';

/**
 * The slot length in ms, or null for a duration the grid cannot use. Callers guarantee
 * 5..480 whole minutes; anything else (zero, negative, fractional, NaN) would make the grid
 * loop forever or drift, so both entry points treat it as "no slots".
 */
export function slotLengthMs(durationMinutes: number): number | null {
  return Number.isInteger(durationMinutes) && durationMinutes > 0 ? durationMinutes * MINUTE_MS : null;
}

/** Whether [start, start + length) is a slot of the window's grid, which steps by `step`. */
export function isGridSlot(window: Interval, start: number, length: number, step: number = length): boolean {
  return start >= window.start && start + length <= window.end && (start - window.start) % step === 0;
}
