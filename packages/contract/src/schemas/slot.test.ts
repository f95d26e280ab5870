import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { SlotsQuerySchema, SlotsResponseSchema } from './slot.js';

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

  it('requires all three parameters', () => {
    expect(issuesOf(SlotsQuerySchema, {})).toHaveLength(3);
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
    expect(issues({ date_to: '2026-02-30' })).toEqual([
      'date_to: must be a real calendar date in YYYY-MM-DD format, e.g. 2026-03-08',
    ]);
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
