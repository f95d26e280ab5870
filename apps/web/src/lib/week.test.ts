import { describe, expect, it } from 'vitest';
import { byLocalDate, coveringWindow, isoWeekday, localDate, mondayOf, weekDates } from './week.js';

describe('week calendar dates', () => {
  it('reads the local date of an instant in the human zone, not UTC', () => {
    // 23:30 UTC on Sunday is already Monday in Berlin and still Sunday in New York.
    expect(localDate('2027-03-07T23:30:00Z', 'Europe/Berlin')).toBe('2027-03-08');
    expect(localDate('2027-03-07T23:30:00Z', 'America/New_York')).toBe('2027-03-07');
  });

  it('finds the Monday of a week, across month and year ends', () => {
    expect(mondayOf('2027-03-10')).toBe('2027-03-08');
    expect(mondayOf('2027-03-08')).toBe('2027-03-08');
    expect(mondayOf('2027-03-14')).toBe('2027-03-08');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(isoWeekday('2027-03-14')).toBe(7);
  });

  it('lists seven dates, through a DST change and a leap day', () => {
    expect(weekDates('2028-02-28')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
      '2028-03-03',
      '2028-03-04',
      '2028-03-05',
    ]);
    expect(weekDates('2027-03-22').at(-1)).toBe('2027-03-28');
    expect(weekDates('2027-03-29')[0]).toBe('2027-03-29');
  });

  it('groups items by the local date they start on and drops those outside the week', () => {
    const monday = '2027-03-22';
    const dates = weekDates(monday);
    const items = [
      { at: '2027-03-21T23:30:00Z' }, // Monday 00:30 in Berlin (CET)
      { at: '2027-03-28T21:30:00Z' }, // Sunday 23:30 in Berlin (CEST after the change)
      { at: '2027-03-28T22:30:00Z' }, // next Monday 00:30 in Berlin: outside
    ];
    const groups = byLocalDate(items, (i) => i.at, dates, 'Europe/Berlin');
    expect(groups.get('2027-03-22')).toHaveLength(1);
    expect(groups.get('2027-03-28')).toHaveLength(1);
    expect([...groups.values()].flat()).toHaveLength(2);
    const window = coveringWindow(monday);
    expect(window.after < items[0]!.at && items[2]!.at < window.before).toBe(true);
  });
});
