import { describe, expect, it } from 'vitest';
import { Gate } from './gate.js';

describe('Gate', () => {
  it('lets `capacity` in at once, the rest in arrival order as places are given up', async () => {
    const gate = new Gate(2);
    const order: number[] = [];
    const leaves = new Map<number, () => void>();
    const entries = [1, 2, 3, 4, 5].map((n) =>
      gate.enter().then((leave) => {
        order.push(n);
        leaves.set(n, leave);
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([1, 2]);
    expect([gate.active, gate.waiting]).toEqual([2, 3]);
    leaves.get(2)!();
    leaves.get(2)!(); // a second leave gives nothing more
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([1, 2, 3]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    for (const n of [1, 3, 4, 5]) {
      await new Promise((r) => setImmediate(r));
      leaves.get(n)?.();
    }
    await Promise.all(entries);
    for (const leave of leaves.values()) leave();
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new Gate(0)).toThrow(RangeError);
    expect(() => new Gate(1.5)).toThrow(RangeError);
  });
});
