import type { Interval } from './types.js';
import { describe, expect, it } from 'vitest';
import { bookingWindow } from './booking-window.js';
import { sweepGrid as sweep } from './sweep-grid.js';

// The rule-free grid: step = length, only "after now" bounds it.
const sweepGrid = (windows: Interval[], taken: Interval[], length: number, now: number) =>
  sweep(windows, taken, { length, step: length }, bookingWindow(now, undefined));

const w = (start: number, end: number) => ({ start, end });

describe('sweepGrid', () => {
  it('skips taken time by jumping to the next grid point, not by moving the grid', () => {
    expect(sweepGrid([w(0, 100)], [w(15, 35)], 10, -1).slots.map((s) => s.start)).toEqual([0, 40, 50, 60, 70, 80, 90]);
  });

  it('starts strictly after now', () => {
    expect(sweepGrid([w(0, 50)], [], 10, 20).slots.map((s) => s.start)).toEqual([30, 40]);
  });

  it('sorts and deduplicates when windows overlap in real time', () => {
    // Only local ranges at a spring-forward gap can do this; each window keeps its own grid.
    expect(sweepGrid([w(0, 45), w(0, 60), w(5, 30)], [], 15, -1).slots.map((s) => s.start)).toEqual([0, 5, 15, 30, 45]);
  });

  it('finds taken time for a window that starts before the previous one', () => {
    expect(sweepGrid([w(100, 140), w(0, 40)], [w(10, 20), w(120, 130)], 10, -1).slots.map((s) => s.start)).toEqual([
      0, 20, 30, 100, 110, 130,
    ]);
  });

  it('steps by slot_interval and honours notice and horizon', () => {
    const bounds = { now: 0, earliest: 25, latest: 70 };
    expect(sweep([w(0, 100)], [w(40, 45)], { length: 20, step: 10 }, bounds).slots.map((s) => s.start)).toEqual([50, 60, 70]);
    const free = sweep([w(0, 100)], [], { length: 20, step: 10 }, bounds);
    expect(free.slots.map((s) => s.start)).toEqual([30, 40, 50, 60, 70]);
    // 80 is the first start the horizon leaves out that still fits the window.
    expect(free.nextBeyondHorizon).toBe(80);
    expect(sweep([w(0, 85)], [], { length: 20, step: 10 }, bounds).nextBeyondHorizon).toBe(Number.POSITIVE_INFINITY);
  });
});
