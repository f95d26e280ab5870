import { describe, expect, it } from 'vitest';
import type { Availability } from '@humantime/contract';
import { bodyOf, draftOf, durationsOf, sameAsSaved, validHours } from './hours-draft.js';

const SAVED: Availability = {
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30, 60],
  buffer_before: 10,
  buffer_after: null,
  minimum_notice: null,
  booking_horizon_days: 30,
  slot_interval: null,
  max_bookings_per_day: null,
  preferred_hours: [{ weekdays: [1, 2], start: '10:00', end: '12:00' }],
};

describe('the weekly-hours draft', () => {
  it('round-trips the saved schedule into the PUT body', () => {
    const draft = draftOf(SAVED);
    expect(draft.meeting_durations).toBe('30, 60');
    expect(draft.rules).toMatchObject({ buffer_before: '10', buffer_after: '', booking_horizon_days: '30' });
    expect(bodyOf(draft)).toEqual(SAVED);
    expect(sameAsSaved(draft, SAVED)).toBe(true);
  });

  it('sends what is typed as it stands, for the API to judge: blank rules off, words as words', () => {
    const draft = {
      ...draftOf(SAVED),
      meeting_durations: '45 ,15;x',
      rules: { ...draftOf(SAVED).rules, buffer_before: ' ', minimum_notice: '1.5' },
    };
    const body = bodyOf({ ...draft, working_days: [5, 1], preferred_hours: [] });
    expect(body).toMatchObject({
      working_days: [1, 5],
      meeting_durations: [45, 15, 'x'],
      buffer_before: null,
      minimum_notice: 1.5,
      preferred_hours: null,
    });
    expect(durationsOf('')).toEqual([]);
    expect(sameAsSaved(draft, SAVED)).toBe(false);
  });

  it('is previewable only when the API would take it', () => {
    expect(validHours(draftOf(SAVED))).toEqual(SAVED);
    expect(validHours({ ...draftOf(SAVED), work_end: '08:00' })).toBeUndefined();
    expect(validHours({ ...draftOf(SAVED), meeting_durations: '30, x' })).toBeUndefined();
  });
});
