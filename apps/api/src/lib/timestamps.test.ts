import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timestampOf, toTimestamp } from './timestamps.js';

const reference = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('timestampOf', () => {
  it('agrees with toISOString at second precision for any instant a Date holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(timestampOf(ms)).toBe(reference(ms));
      }),
      { numRuns: 20_000 },
    );
  });

  it('at the edges: day boundaries, the epoch, year 9999 and beyond', () => {
    for (const ms of [0, 999, 1000, 86_399_999, 86_400_000, -1, 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15]) {
      expect(timestampOf(ms)).toBe(reference(ms));
      expect(toTimestamp(new Date(ms))).toBe(reference(ms));
    }
  });
});
