import { describe, expect, it } from 'vitest';
import { formatDay, isoWeekday, parseClock, parseDay } from './calendar-day.js';

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

  it('makes unparseable dates NaN, so ranges built from them are empty', () => {
    expect(parseDay('not-a-date')).toBeNaN();
  });
});
