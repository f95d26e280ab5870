import { describe, expect, it } from 'vitest';
import { daysBetween, isLocalDate } from './local-date-math.js';

describe('isLocalDate', () => {
  it('accepts real dates, leap days included', () => {
    for (const d of ['2026-01-01', '2024-02-29', '2000-02-29', '0050-06-15']) expect(isLocalDate(d), d).toBe(true);
  });
  it('rejects impossible or malformed dates', () => {
    for (const d of ['2026-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-1-1', 20260101]) {
      expect(isLocalDate(d), String(d)).toBe(false);
    }
  });
});

describe('daysBetween', () => {
  it('counts whole days, across month, year and DST boundaries', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-01-01', '2026-03-03')).toBe(61);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(-1);
  });
});
