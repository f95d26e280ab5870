import { describe, expect, it } from 'vitest';
import { at, show } from './test-helpers.js';
import { nextOffsetChange, wallTimeOf } from './wall-time.js';

const YEAR = 366 * 86_400_000;

describe('wallTimeOf', () => {
  it('reads the local date, minute, weekday and offset', () => {
    expect(wallTimeOf('Europe/Berlin', at('2026-11-24T14:04:59Z'))).toEqual({
      date: '2026-11-24',
      time: '15:04',
      weekday: 2,
      offsetMinutes: 60,
    });
    expect(wallTimeOf('Asia/Tokyo', at('2026-11-24T15:30:00Z'))).toEqual({
      date: '2026-11-25',
      time: '00:30',
      weekday: 3,
      offsetMinutes: 540,
    });
    expect(wallTimeOf('America/St_Johns', at('2026-01-05T03:00:00Z'))).toEqual({
      date: '2026-01-04',
      time: '23:30',
      weekday: 7,
      offsetMinutes: -210,
    });
    expect(wallTimeOf('UTC', at('2026-11-24T00:00:00Z'))).toEqual({ date: '2026-11-24', time: '00:00', weekday: 2, offsetMinutes: 0 });
  });

  it('shows the new offset from the instant of a change', () => {
    expect(wallTimeOf('Europe/Berlin', at('2026-10-25T00:59:59Z'))).toMatchObject({ time: '02:59', offsetMinutes: 120 });
    expect(wallTimeOf('Europe/Berlin', at('2026-10-25T01:00:00Z'))).toMatchObject({ time: '02:00', offsetMinutes: 60 });
  });
});

describe('nextOffsetChange', () => {
  it('finds the next DST change to the millisecond', () => {
    const change = (zone: string, after: string) => {
      const c = nextOffsetChange(zone, at(after), YEAR);
      return c && { at: show(c.at), from: c.from, to: c.to };
    };
    expect(change('Europe/Berlin', '2026-09-01T00:00Z')).toEqual({ at: '2026-10-25T01:00Z', from: 120, to: 60 });
    expect(change('Europe/Berlin', '2026-11-24T14:04Z')).toEqual({ at: '2027-03-28T01:00Z', from: 60, to: 120 });
    // Within the same UTC day, and at the instant of a change the next one is meant.
    expect(change('Europe/Berlin', '2026-10-25T00:30Z')).toEqual({ at: '2026-10-25T01:00Z', from: 120, to: 60 });
    expect(change('Europe/Berlin', '2026-10-25T01:00Z')).toEqual({ at: '2027-03-28T01:00Z', from: 60, to: 120 });
    expect(change('America/New_York', '2026-03-01T00:00Z')).toEqual({ at: '2026-03-08T07:00Z', from: -300, to: -240 });
    // Half an hour, on the other side of the world.
    expect(change('Australia/Lord_Howe', '2026-09-01T00:00Z')).toEqual({ at: '2026-10-03T15:30Z', from: 630, to: 660 });
  });

  it('is null for a zone without changes, or beyond the range', () => {
    expect(nextOffsetChange('Asia/Tokyo', at('2026-11-24T14:04Z'), YEAR)).toBeNull();
    expect(nextOffsetChange('UTC', at('2026-11-24T14:04Z'), YEAR)).toBeNull();
    expect(nextOffsetChange('Europe/Berlin', at('2026-09-01T00:00Z'), 30 * 86_400_000)).toBeNull();
    expect(nextOffsetChange('Europe/Berlin', at('2026-09-01T00:00Z'), 0)).toBeNull();
  });
});
