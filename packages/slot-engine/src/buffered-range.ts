import { MINUTE_MS } from './calendar-day.js';
import type { Interval, SchedulingRules } from './types.js';

/**
 * A booking's own buffered range, [start − buffer_before, end + buffer_after): what the
 * server stores with it and what later queries pass back as busy time.
 *
 * @example
 * bufferedRange({ start: t, end: t + 30 * 60_000 }, { bufferBefore: 10, bufferAfter: 5 });
 * // { start: t - 10 * 60_000, end: t + 35 * 60_000 }
 */
export function bufferedRange(booking: Interval, rules: SchedulingRules | undefined): Interval {
  return {
    start: booking.start - (rules?.bufferBefore ?? 0) * MINUTE_MS,
    end: booking.end + (rules?.bufferAfter ?? 0) * MINUTE_MS,
  };
}
