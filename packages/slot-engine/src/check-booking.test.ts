import { describe, expect, it } from 'vitest';
import { checkBooking } from './check-booking.js';
import { at, hours, WEEKDAYS } from './test-helpers.js';
import type { BookingCheck } from './types.js';

// New York, Mon-Fri 09:00-17:00 (EDT in June: 13:00Z-21:00Z); Tuesday 2 June and Saturday
// 6 June blocked; one booking on Monday 1 June at 14:00Z and one on the blocked Tuesday.
const base: BookingCheck = {
  timezone: 'America/New_York',
  schedule: hours('09:00', '17:00', WEEKDAYS),
  overrides: [
    { kind: 'block', startDate: '2026-06-02', endDate: '2026-06-02', startTime: null, endTime: null, weekdays: null },
    { kind: 'block', startDate: '2026-06-06', endDate: '2026-06-06', startTime: null, endTime: null, weekdays: null },
    { kind: 'open', startDate: '2026-06-07', endDate: '2026-06-07', startTime: '10:10', endTime: '11:00', weekdays: null },
  ],
  busy: [
    { start: at('2026-06-01T14:00Z'), end: at('2026-06-01T14:30Z') },
    { start: at('2026-06-02T13:00Z'), end: at('2026-06-02T14:00Z') },
  ],
  meetingDurations: [30, 60],
  start: at('2026-06-01T13:00Z'),
  durationMinutes: 30,
  now: at('2026-05-01T00:00Z'),
};
const check = (c: Partial<BookingCheck>) => checkBooking({ ...base, ...c });
const refused = (reason: string) => ({ ok: false, reason });

describe('checkBooking', () => {
  it('accepts a listed slot', () => {
    expect(check({})).toEqual({ ok: true });
    expect(check({ start: at('2026-06-01T20:00Z'), durationMinutes: 60 })).toEqual({ ok: true });
  });

  it('refuses a duration the human does not offer', () => {
    expect(check({ durationMinutes: 45 })).toEqual(refused('INVALID_DURATION'));
  });

  it('refuses a start at or before now', () => {
    expect(check({ now: base.start })).toEqual(refused('PAST_START'));
    expect(check({ now: base.start + 1 })).toEqual(refused('PAST_START'));
  });

  it('refuses a start outside working hours, off the grid or overrunning the window', () => {
    expect(check({ start: at('2026-06-01T12:30Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ start: at('2026-06-01T13:15Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ start: at('2026-06-01T13:00:00.001Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ start: at('2026-06-01T20:30Z'), durationMinutes: 60 })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ start: at('2026-06-01T13:30Z'), durationMinutes: 60 })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
  });

  it('follows the grid of an open override from its own start', () => {
    expect(check({ start: at('2026-06-07T14:10Z') })).toEqual({ ok: true });
    expect(check({ start: at('2026-06-07T14:00Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ start: at('2026-06-07T14:40Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
  });

  it('refuses a blocked start', () => {
    const dentist = { ...base.overrides[0]!, startDate: '2026-06-03', endDate: '2026-06-03' };
    const overrides = [{ ...dentist, startTime: '09:15', endTime: '09:20' }];
    expect(check({ start: at('2026-06-03T13:00Z'), overrides })).toEqual(refused('SCHEDULE_BLOCKED'));
  });

  it('refuses a start that overlaps a booking', () => {
    expect(check({ start: at('2026-06-01T14:00Z') })).toEqual(refused('SLOT_UNAVAILABLE'));
    expect(check({ start: at('2026-06-01T14:00Z'), durationMinutes: 60 })).toEqual(refused('SLOT_UNAVAILABLE'));
    expect(check({ start: at('2026-06-01T13:30Z') })).toEqual({ ok: true });
  });

  it('reports the first failing check when several apply', () => {
    // Wrong duration, in the past, outside hours: the duration wins.
    expect(check({ durationMinutes: 45, start: at('2026-04-04T03:00Z') })).toEqual(refused('INVALID_DURATION'));
    // In the past and outside hours: past wins.
    expect(check({ start: at('2026-04-04T03:00Z') })).toEqual(refused('PAST_START'));
    // A blocked Saturday is outside working hours first.
    expect(check({ start: at('2026-06-06T14:00Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    // Blocked and booked: the block wins.
    expect(check({ start: at('2026-06-02T13:00Z') })).toEqual(refused('SCHEDULE_BLOCKED'));
  });

  it('accepts exactly the slots of the New York spring-forward example', () => {
    const dst = { schedule: hours('01:00', '04:00'), busy: [], overrides: [], now: 0 };
    for (const t of ['06:00', '06:30', '07:00', '07:30']) {
      expect(check({ ...dst, start: at(`2026-03-08T${t}Z`) })).toEqual({ ok: true });
    }
    expect(check({ ...dst, start: at('2026-03-08T08:00Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
    expect(check({ ...dst, start: at('2026-03-08T05:30Z') })).toEqual(refused('OUTSIDE_WORKING_HOURS'));
  });
});
