import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { AvailabilitySchema, SetAvailabilityBodySchema } from './availability.js';

const schedule = {
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30, 60],
};

const issues = (patch: Record<string, unknown>) => issuesOf(SetAvailabilityBodySchema, { ...schedule, ...patch });

describe('SetAvailabilityBodySchema', () => {
  it('accepts a full schedule, including edge values', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ working_days: [7], work_start: '00:00', work_end: '23:59', meeting_durations: [5, 480] })).toEqual([]);
  });

  it('requires all four fields', () => {
    for (const field of Object.keys(schedule)) {
      const { [field]: _omitted, ...rest } = schedule as Record<string, unknown>;
      expect(issuesOf(SetAvailabilityBodySchema, rest), field).toEqual([`${field}: Required`]);
    }
  });

  it('rejects bad working_days', () => {
    expect(issues({ working_days: [] })).toEqual(['working_days: must contain at least one weekday']);
    expect(issues({ working_days: [1, 1, 2] })).toEqual(['working_days: must not contain duplicate weekdays']);
    expect(issues({ working_days: [0, 8] })).toHaveLength(2);
    expect(issues({ working_days: [1.5] })[0]).toMatch(/^working_days\.0: /);
  });

  it('rejects work_start >= work_end, reported on work_end', () => {
    expect(issues({ work_start: '17:00', work_end: '09:00' })).toEqual([
      'work_end: must be later than work_start (overnight shifts are not supported)',
    ]);
    expect(issues({ work_start: '09:00', work_end: '09:00' })).toHaveLength(1);
  });

  it('names every mistake at once, even when another field has the wrong type', () => {
    expect(issues({ work_start: '17:00', work_end: '09:00', meeting_durations: 'thirty' })).toEqual([
      'work_end: must be later than work_start (overnight shifts are not supported)',
      'meeting_durations: Expected array, received string',
    ]);
    expect(issues({ preferred_hours: [{ weekdays: 'mon', start: '16:00', end: '14:00' }] })).toEqual([
      'preferred_hours.0.end: must be later than start',
      'preferred_hours.0.weekdays: Expected array, received string',
    ]);
  });

  it('reports a malformed time once, on itself', () => {
    expect(issues({ work_start: '9:00' })).toEqual(['work_start: must be a time in HH:MM format between 00:00 and 23:59']);
    expect(issues({ work_end: '24:00' })).toHaveLength(1);
  });

  it('rejects bad meeting_durations', () => {
    expect(issues({ meeting_durations: [] })).toEqual(['meeting_durations: must contain at least one duration']);
    expect(issues({ meeting_durations: [30, 30] })).toEqual(['meeting_durations: must not contain duplicate durations']);
    expect(issues({ meeting_durations: [4] })).toEqual(['meeting_durations.0: must be at least 5 minutes']);
    expect(issues({ meeting_durations: [481] })).toEqual(['meeting_durations.0: must be at most 480 minutes']);
    expect(issues({ meeting_durations: [22.5] })).toHaveLength(1);
    const twentyOne = Array.from({ length: 21 }, (_, i) => 5 + i);
    expect(issues({ meeting_durations: twentyOne })).toEqual(['meeting_durations: must contain at most 20 durations']);
    expect(issues({ meeting_durations: twentyOne.slice(0, 20) })).toEqual([]);
  });

  it('rejects unknown fields', () => {
    expect(issues({ timezone: 'UTC' })[0]).toMatch(/timezone/);
  });
});

describe('AvailabilitySchema', () => {
  it('describes the schedule as returned', () => {
    const returned = {
      ...schedule,
      buffer_before: null,
      buffer_after: null,
      minimum_notice: null,
      booking_horizon_days: null,
      slot_interval: null,
      max_bookings_per_day: null,
      preferred_hours: null,
    };
    expect(AvailabilitySchema.parse(returned)).toEqual(returned);
    expect(() => AvailabilitySchema.parse(schedule)).toThrow();
  });
});

describe('scheduling rules in SetAvailabilityBodySchema', () => {
  it('are optional, accept null (off) and the edge values of their ranges', () => {
    expect(
      issues({
        buffer_before: null,
        buffer_after: null,
        minimum_notice: null,
        booking_horizon_days: null,
        slot_interval: null,
        max_bookings_per_day: null,
      }),
    ).toEqual([]);
    expect(
      issues({
        buffer_before: 0,
        buffer_after: 240,
        minimum_notice: 43_200,
        booking_horizon_days: 730,
        slot_interval: 5,
        max_bookings_per_day: 100,
      }),
    ).toEqual([]);
    expect(
      issues({
        buffer_before: 240,
        buffer_after: 0,
        minimum_notice: 0,
        booking_horizon_days: 1,
        slot_interval: 480,
        max_bookings_per_day: 1,
      }),
    ).toEqual([]);
  });

  it('name every field out of range', () => {
    expect(
      issues({
        buffer_before: -1,
        buffer_after: 241,
        minimum_notice: 43_201,
        booking_horizon_days: 0,
        slot_interval: 4,
        max_bookings_per_day: 101,
      }),
    ).toEqual([
      'buffer_before: must be between 0 and 240 minutes',
      'buffer_after: must be between 0 and 240 minutes',
      'minimum_notice: must be between 0 and 43200 minutes',
      'booking_horizon_days: must be between 1 and 730 days',
      'slot_interval: must be between 5 and 480 minutes',
      'max_bookings_per_day: must be between 1 and 100 bookings',
    ]);
    expect(issues({ slot_interval: 7.5 })).toEqual(['slot_interval: must be a whole number of minutes']);
    expect(issues({ max_bookings_per_day: '3' })).toHaveLength(1);
  });

  it('allow any slot_interval with any duration', () => {
    expect(issues({ meeting_durations: [45], slot_interval: 10 })).toEqual([]);
  });
});
