import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { GroupSlotsQuerySchema, SlotsQuerySchema, SlotsResponseSchema } from './slot.js';

// Query strings arrive as strings; duration is coerced.
const issues = (query: Record<string, unknown>) =>
  issuesOf(SlotsQuerySchema, { date_from: '2026-03-01', date_to: '2026-03-07', duration: '30', ...query });

describe('SlotsQuerySchema', () => {
  it('accepts a range and coerces duration', () => {
    expect(issues({})).toEqual([]);
    expect(SlotsQuerySchema.parse({ date_from: '2026-03-08', date_to: '2026-03-08', duration: '30' })).toEqual({
      date_from: '2026-03-08',
      date_to: '2026-03-08',
      duration: 30,
    });
  });

  it('requires a duration, and the dates or `when` in their place (not both)', () => {
    // Every missing field at once, the window's too.
    expect(issuesOf(SlotsQuerySchema, {})).toEqual([
      'date_from: Required (or give when instead)',
      'date_to: Required (or give when instead)',
      'duration: Required',
    ]);
    expect(issuesOf(SlotsQuerySchema, { duration: 'thirty', date_from: '2026-07-10', date_to: '2026-07-01' })).toEqual([
      'date_to: must not be before date_from',
      'duration: must be a number',
    ]);
    expect(issuesOf(SlotsQuerySchema, { duration: 'thirty', when: 'tomorrow' })).toEqual(['duration: must be a number']);
    expect(issuesOf(SlotsQuerySchema, { duration: '30' })).toHaveLength(2);
    expect(issuesOf(SlotsQuerySchema, { duration: '30', when: 'tomorrow afternoon' })).toEqual([]);
    expect(issuesOf(SlotsQuerySchema, { duration: '30', when: 'tomorrow', date_from: '2026-03-01' })).toHaveLength(1);
    expect(issuesOf(SlotsQuerySchema, { duration: '30', when: ' ' })).toHaveLength(1);
  });

  it('allows 62 dates and rejects 63', () => {
    expect(issues({ date_from: '2026-01-01', date_to: '2026-03-03' })).toEqual([]);
    expect(issues({ date_from: '2026-01-01', date_to: '2026-03-04' })).toEqual([
      'date_to: must be at most 61 days after date_from (at most 62 dates)',
    ]);
  });

  it('rejects date_to before date_from', () => {
    expect(issues({ date_from: '2026-03-02', date_to: '2026-03-01' })).toEqual(['date_to: must not be before date_from']);
  });

  it('rejects calendar-invalid dates without a second, misleading range error', () => {
    expect(issues({ date_to: '2026-02-30' })).toEqual(['date_to: must be a real calendar date in YYYY-MM-DD format, e.g. 2026-03-08']);
  });

  it('rejects non-positive and fractional durations', () => {
    for (const duration of ['0', '-30', '22.5', 'half', '']) {
      expect(issues({ duration })[0], duration).toMatch(/^duration: /);
    }
  });
});

describe('SlotsResponseSchema', () => {
  it('accepts the documented response', () => {
    const body = {
      slots: [{ starts_at: '2026-03-08T06:00:00Z', ends_at: '2026-03-08T06:30:00Z' }],
      timezone: 'America/New_York',
      duration: 30,
    };
    expect(SlotsResponseSchema.parse(body)).toEqual(body);
  });
});

describe('GroupSlotsQuerySchema', () => {
  const a = '7a1c2d3e-0000-4000-8000-000000000001';
  const b = '7a1c2d3e-0000-4000-8000-000000000002';
  const query = { human_ids: `${a},${b}`, mode: 'all', date_from: '2026-03-01', date_to: '2026-03-07', duration: '30' };

  it('splits the comma-separated ids and coerces the duration', () => {
    expect(GroupSlotsQuerySchema.parse(query)).toEqual({ ...query, human_ids: [a, b], duration: 30 });
  });

  it('refuses bad ids, duplicates, a missing mode and a reversed range', () => {
    expect(issuesOf(GroupSlotsQuerySchema, { ...query, human_ids: `${a},nope` })).toEqual(['human_ids.1: must be a UUID']);
    expect(issuesOf(GroupSlotsQuerySchema, { ...query, human_ids: `${a},${a}` })).toEqual(['human_ids: must not name a human twice']);
    expect(issuesOf(GroupSlotsQuerySchema, { ...query, mode: undefined })).toHaveLength(1);
    expect(issuesOf(GroupSlotsQuerySchema, { ...query, date_to: '2026-02-01' })).toEqual(['date_to: must not be before date_from']);
  });
});
