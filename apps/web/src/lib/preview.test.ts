import { describe, expect, it } from 'vitest';
import type { Booking, Override } from '@humantime/contract';
import { previewSlots } from './preview.js';

const HOURS = { working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '11:00', meeting_durations: [30] };
const WEEK = {
  week_start: '2030-01-07',
  week_end: '2030-01-13',
  bookings: [] as Booking[],
  busy: [] as { starts_at: string; ends_at: string }[],
};
const starts = (slots: { starts_at: string }[]) => slots.map((s) => s.starts_at);
const base = { timezone: 'UTC', hours: HOURS, overrides: [] as Override[], week: WEEK, duration: 30, now: 0 };

describe('the week previewed with unsaved hours', () => {
  it('lists the slots of the edited hours around the busy time, widened by the edited buffers', () => {
    const monday = (slots: { starts_at: string }[]) => starts(slots).filter((s) => s.startsWith('2030-01-07'));
    expect(monday(previewSlots(base))).toEqual([
      '2030-01-07T09:00:00Z',
      '2030-01-07T09:30:00Z',
      '2030-01-07T10:00:00Z',
      '2030-01-07T10:30:00Z',
    ]);
    const week = { ...WEEK, busy: [{ starts_at: '2030-01-07T09:30:00Z', ends_at: '2030-01-07T10:00:00Z' }] };
    expect(monday(previewSlots({ ...base, week }))).toEqual(['2030-01-07T09:00:00Z', '2030-01-07T10:00:00Z', '2030-01-07T10:30:00Z']);
    expect(monday(previewSlots({ ...base, week, hours: { ...HOURS, buffer_after: 15 } }))).toEqual([
      '2030-01-07T10:00:00Z',
      '2030-01-07T10:30:00Z',
    ]);
    expect(starts(previewSlots(base))).toHaveLength(20);
  });

  it('applies the overrides and the daily maximum, and lists nothing before now', () => {
    const off: Override = {
      id: 'o',
      human_id: 'h',
      kind: 'block',
      start_date: '2030-01-08',
      end_date: '2030-01-11',
      start_time: null,
      end_time: null,
      weekdays: null,
      reason: null,
      created_at: '2029-12-01T00:00:00Z',
    };
    expect(starts(previewSlots({ ...base, overrides: [off] }))).toHaveLength(4);
    const booking = { starts_at: '2030-01-07T10:00:00Z' } as Booking;
    const full = previewSlots({ ...base, hours: { ...HOURS, max_bookings_per_day: 1 }, week: { ...WEEK, bookings: [booking] } });
    expect(starts(full).some((s) => s.startsWith('2030-01-07'))).toBe(false);
    expect(starts(previewSlots({ ...base, now: Date.parse('2030-01-11T10:00:00Z') }))).toEqual(['2030-01-11T10:30:00Z']);
  });
});
