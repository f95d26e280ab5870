import { describe, expect, it } from 'vitest';
import { bufferedRange } from './buffered-range.js';
import { checkBooking } from './check-booking.js';
import { computeSlots } from './compute-slots.js';
import { at, hours, slotQuery, starts } from './test-helpers.js';
import type { BookingCheck, SlotQuery } from './types.js';

// Sunday 2026-03-08, New York springs forward at 02:00: 01:00-04:00 local lasts two real hours.
const nySpring = slotQuery({ timezone: 'America/New_York', dateFrom: '2026-03-08', schedule: hours('01:00', '04:00') });
// Sunday 2026-10-25, Berlin falls back at 03:00: 01:00-04:00 local lasts four real hours.
const berlinFall = slotQuery({
  timezone: 'Europe/Berlin',
  dateFrom: '2026-10-25',
  schedule: hours('01:00', '04:00'),
  durationMinutes: 60,
});
const check = (q: SlotQuery, start: string): BookingCheck => ({ ...q, meetingDurations: [q.durationMinutes], start: at(start) });
const booked = (from: string, to: string) => ({ start: at(from), end: at(to) });

describe('slot_interval', () => {
  it('steps the grid by the interval in real minutes across the spring-forward gap', () => {
    const q = { ...nySpring, rules: { slotInterval: 15 } };
    expect(starts(computeSlots(q))).toEqual([
      '2026-03-08T06:00Z',
      '2026-03-08T06:15Z',
      '2026-03-08T06:30Z',
      '2026-03-08T06:45Z',
      '2026-03-08T07:00Z',
      '2026-03-08T07:15Z',
      '2026-03-08T07:30Z',
    ]);
    expect(checkBooking(check(q, '2026-03-08T06:15Z'))).toEqual({ ok: true });
    expect(checkBooking(check(q, '2026-03-08T06:10Z'))).toEqual({ ok: false, reason: 'OUTSIDE_WORKING_HOURS' });
  });

  it('can be longer than the duration, and the fall-back hour counts twice', () => {
    const q = { ...berlinFall, rules: { slotInterval: 90 } };
    // Window [2026-10-24T23:00Z, 2026-10-25T03:00Z): four real hours.
    expect(starts(computeSlots(q))).toEqual(['2026-10-24T23:00Z', '2026-10-25T00:30Z', '2026-10-25T02:00Z']);
  });
});

describe('buffers', () => {
  it('keep the new booking’s buffered range off each booking’s own buffered range (New York, DST day)', () => {
    const q = {
      ...nySpring,
      busy: [booked('2026-03-08T07:00Z', '2026-03-08T07:30Z')],
      rules: { slotInterval: 15, bufferBefore: 15, bufferAfter: 15 },
    };
    expect(starts(computeSlots(q))).toEqual(['2026-03-08T06:00Z', '2026-03-08T06:15Z']);
    expect(checkBooking(check(q, '2026-03-08T06:30Z'))).toEqual({ ok: false, reason: 'SLOT_UNAVAILABLE' });
  });

  it('respect a stored booking’s own buffers, whatever the current rules (Berlin, fall-back day)', () => {
    // The existing booking 01:00Z-02:00Z was made with 30 minutes after it.
    const busy = [bufferedRange(booked('2026-10-25T01:00Z', '2026-10-25T02:00Z'), { bufferAfter: 30 })];
    const q = { ...berlinFall, busy, rules: { slotInterval: 30, bufferAfter: 30 } };
    expect(starts(computeSlots(q))).toEqual(['2026-10-24T23:00Z', '2026-10-24T23:30Z']);
    expect(starts(computeSlots({ ...q, rules: { slotInterval: 30 } }))).toEqual([
      '2026-10-24T23:00Z',
      '2026-10-24T23:30Z',
      '2026-10-25T00:00Z',
    ]);
  });

  it('do not need to lie inside working hours: only bookings constrain them', () => {
    const q = { ...nySpring, rules: { bufferBefore: 240, bufferAfter: 240 } };
    expect(starts(computeSlots(q))).toEqual(starts(computeSlots(nySpring)));
  });
});

describe('minimum_notice and booking_horizon_days', () => {
  it('list no start before now + notice; a start exactly at it is listed', () => {
    const q = { ...nySpring, now: at('2026-03-08T05:00Z'), rules: { minimumNotice: 90 } };
    expect(starts(computeSlots(q))).toEqual(['2026-03-08T06:30Z', '2026-03-08T07:00Z', '2026-03-08T07:30Z']);
    expect(checkBooking(check(q, '2026-03-08T06:00Z'))).toEqual({ ok: false, reason: 'OUTSIDE_BOOKING_WINDOW' });
  });

  it('list no start after now + the horizon in 24-hour days; a start exactly at it is listed', () => {
    const q = { ...nySpring, now: at('2026-03-07T07:00Z'), rules: { bookingHorizonDays: 1 } };
    expect(starts(computeSlots(q))).toEqual(['2026-03-08T06:00Z', '2026-03-08T06:30Z', '2026-03-08T07:00Z']);
    expect(checkBooking(check(q, '2026-03-08T07:30Z'))).toEqual({ ok: false, reason: 'OUTSIDE_BOOKING_WINDOW' });
  });

  it('come right after OUTSIDE_WORKING_HOURS and before SCHEDULE_BLOCKED', () => {
    const blocked = {
      ...nySpring,
      now: at('2026-03-08T05:00Z'),
      overrides: [
        { kind: 'block' as const, startDate: '2026-03-08', endDate: '2026-03-08', startTime: null, endTime: null, weekdays: null },
      ],
      rules: { minimumNotice: 120 },
    };
    expect(checkBooking(check(blocked, '2026-03-08T05:30Z'))).toEqual({ ok: false, reason: 'OUTSIDE_WORKING_HOURS' });
    expect(checkBooking(check(blocked, '2026-03-08T06:00Z'))).toEqual({ ok: false, reason: 'OUTSIDE_BOOKING_WINDOW' });
    expect(checkBooking(check(blocked, '2026-03-08T07:00Z'))).toEqual({ ok: false, reason: 'SCHEDULE_BLOCKED' });
  });
});

describe('max_bookings_per_day', () => {
  it('lists nothing on a local day holding the maximum, and the other days unchanged', () => {
    const q = { ...berlinFall, dateFrom: '2026-10-24', dateTo: '2026-10-25', rules: { maxBookingsPerDay: 2 } };
    const all = starts(computeSlots({ ...q, rules: undefined }));
    const full = computeSlots({ ...q, bookingsPerDay: { '2026-10-25': 2 } });
    expect(starts(full)).toEqual(all.filter((s) => s < '2026-10-24T23:00Z'));
    expect(checkBooking(check({ ...q, bookingsPerDay: { '2026-10-25': 2 } }, '2026-10-25T00:00Z'))).toEqual({
      ok: false,
      reason: 'SLOT_UNAVAILABLE',
    });
    expect(starts(computeSlots({ ...q, bookingsPerDay: { '2026-10-25': 1 } }))).toEqual(all);
  });
});
