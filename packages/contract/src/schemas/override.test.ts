import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { CreateOverrideBodySchema, OverrideSchema } from './override.js';

const issues = (body: Record<string, unknown>) => issuesOf(CreateOverrideBodySchema, body);

describe('CreateOverrideBodySchema', () => {
  it('accepts a one-day block, a vacation, a weekly meeting and an open evening', () => {
    expect(issues({ kind: 'block', start_date: '2026-07-01' })).toEqual([]);
    expect(issues({ kind: 'block', start_date: '2026-07-01', end_date: '2026-07-14', reason: 'Vacation' })).toEqual([]);
    expect(
      issues({ kind: 'block', start_date: '2026-01-01', end_date: '2026-12-31', start_time: '10:00', end_time: '11:00', weekdays: [1] }),
    ).toEqual([]);
    expect(issues({ kind: 'open', start_date: '2026-07-04', start_time: '18:00', end_time: '21:00' })).toEqual([]);
  });

  it('rejects an unknown kind and calendar-invalid dates', () => {
    expect(issues({ kind: 'busy', start_date: '2026-07-01' })[0]).toMatch(/^kind: /);
    expect(issues({ kind: 'block', start_date: '2026-02-30' })).toHaveLength(1);
    expect(issues({ kind: 'block', start_date: '2026-02-01', end_date: '2026-02-29' })[0]).toMatch(/^end_date: /);
  });

  it('rejects end_date before start_date', () => {
    expect(issues({ kind: 'block', start_date: '2026-07-02', end_date: '2026-07-01' })).toEqual([
      'end_date: must not be before start_date',
    ]);
  });

  it('allows at most 366 dates', () => {
    expect(issues({ kind: 'block', start_date: '2024-01-01', end_date: '2024-12-31' })).toEqual([]);
    expect(issues({ kind: 'block', start_date: '2026-01-01', end_date: '2027-01-01' })).toEqual([]);
    expect(issues({ kind: 'block', start_date: '2026-01-01', end_date: '2027-01-02' })).toEqual([
      'end_date: must be at most 365 days after start_date (at most 366 dates)',
    ]);
  });

  it('needs start_time and end_time together, in order', () => {
    expect(issues({ kind: 'block', start_date: '2026-07-01', start_time: '10:00' })).toEqual([
      'end_time: is required when start_time is given (send both or neither)',
    ]);
    expect(issues({ kind: 'block', start_date: '2026-07-01', end_time: '10:00' })).toEqual([
      'start_time: is required when end_time is given (send both or neither)',
    ]);
    expect(issues({ kind: 'block', start_date: '2026-07-01', start_time: '11:00', end_time: '10:00' })).toEqual([
      'end_time: must be later than start_time',
    ]);
    expect(issues({ kind: 'block', start_date: '2026-07-01', start_time: '10:00', end_time: '10:00' })).toHaveLength(1);
    expect(issues({ kind: 'block', start_date: '2026-07-01', start_time: '25:00', end_time: '10:00' })).toHaveLength(1);
  });

  it('names the order of times even when another field has the wrong type', () => {
    expect(issues({ kind: 'block', start_date: '2026-07-01', start_time: '11:00', end_time: '10:00', weekdays: 'mon' })).toEqual([
      'end_time: must be later than start_time',
      'weekdays: Expected array, received string',
    ]);
  });

  it('requires times on an open override', () => {
    expect(issues({ kind: 'open', start_date: '2026-07-04' })).toEqual([
      'start_time: is required for an open override, together with end_time',
    ]);
    expect(issues({ kind: 'open', start_date: '2026-07-04', start_time: '18:00' })).toEqual([
      'end_time: is required when start_time is given (send both or neither)',
    ]);
  });

  it('rejects empty, duplicate or out-of-range weekdays', () => {
    const base = { kind: 'block', start_date: '2026-07-01', end_date: '2026-07-31' };
    expect(issues({ ...base, weekdays: [] })).toHaveLength(1);
    expect(issues({ ...base, weekdays: [2, 2] })).toEqual(['weekdays: must not contain duplicate weekdays']);
    expect(issues({ ...base, weekdays: [0] })[0]).toMatch(/^weekdays\.0: /);
    expect(issues({ ...base, weekdays: [8] })[0]).toMatch(/^weekdays\.0: /);
  });

  it('limits reason to 200 characters and rejects unknown fields', () => {
    const base = { kind: 'block', start_date: '2026-07-01' };
    expect(issues({ ...base, reason: 'r'.repeat(200) })).toEqual([]);
    expect(issues({ ...base, reason: 'r'.repeat(201) })).toEqual(['reason: must be at most 200 characters']);
    expect(issues({ ...base, human_id: 'x' })).toHaveLength(1);
  });
});

describe('OverrideSchema', () => {
  it('accepts the resolved response', () => {
    const override = {
      id: '6f1c2a4e-8b3d-4c5e-9f10-112233445566',
      human_id: '6f1c2a4e-8b3d-4c5e-9f10-112233445567',
      kind: 'block',
      start_date: '2026-07-01',
      end_date: '2026-07-01',
      start_time: null,
      end_time: null,
      weekdays: null,
      reason: null,
      created_at: '2026-06-01T00:00:00Z',
    };
    expect(OverrideSchema.parse(override)).toEqual(override);
  });
});
