import { describe, expect, it } from 'vitest';
import { addDays, formatDay, isoWeekday, parseClock, parseDay } from './calendar-day.js';

describe('calendar days', () => {
  it('round-trips dates, including leap days and year ends', () => {
    for (const d of ['1970-01-01', '2024-02-29', '2026-03-08', '2026-12-31', '2100-03-01']) {
      expect(formatDay(parseDay(d))).toBe(d);
    }
    expect(parseDay('2026-01-01') - parseDay('2025-12-31')).toBe(1);
  });

  it('gives ISO weekdays, Monday = 1 .. Sunday = 7', () => {
    expect(isoWeekday(parseDay('1970-01-01'))).toBe(4);
    expect(isoWeekday(parseDay('2026-03-08'))).toBe(7);
    expect(isoWeekday(parseDay('2026-03-09'))).toBe(1);
    expect(isoWeekday(parseDay('1969-12-29'))).toBe(1);
  });

  it('reads HH:MM as minutes since midnight', () => {
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBe(1440);
  });

  it('adds whole days across month, year and leap-day boundaries, backwards too', () => {
    expect(addDays('2026-06-01', 0)).toBe('2026-06-01');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2027-01-01', -2)).toBe('2026-12-30');
    expect(addDays('1970-01-01', -1)).toBe('1969-12-31');
    expect(addDays('2026-03-02', 365)).toBe('2027-03-02');
    // Held to the years "YYYY-MM-DD" writes: a read widened past them stops at their ends.
    expect(addDays('9999-12-30', 2)).toBe('9999-12-31');
    expect(addDays(addDays('9999-12-30', 2), 2)).toBe('9999-12-31');
    expect(addDays('0001-01-02', -3)).toBe('0001-01-01');
    // Dates are labels: a DST change in any zone does not move them.
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('makes unparseable dates NaN, so ranges built from them are empty', () => {
    expect(parseDay('not-a-date')).toBeNaN();
  });
});
