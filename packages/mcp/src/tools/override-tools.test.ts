import { describe, expect, it } from 'vitest';
import { describeOverride } from './override-tools.js';

const base = {
  id: 'o1',
  human_id: 'h1',
  kind: 'block' as const,
  start_time: '10:00',
  end_time: '11:00',
  reason: 'Weekly 1:1',
  created_at: '2026-11-27T00:00:00Z',
};

describe('describeOverride', () => {
  it('names the dates it covers and the weekdays by name, so one date is not taken for every week', () => {
    expect(describeOverride({ ...base, start_date: '2026-12-01', end_date: '2026-12-01', weekdays: [2] }, 'America/New_York')).toBe(
      'block 2026-12-01 only 10:00-11:00 on Tue America/New_York local - Weekly 1:1 (id o1)',
    );
    expect(describeOverride({ ...base, start_date: '2026-12-01', end_date: '2027-11-30', weekdays: [2, 4] }, 'UTC')).toBe(
      'block 2026-12-01..2027-11-30 10:00-11:00 on Tue, Thu UTC local - Weekly 1:1 (id o1)',
    );
  });
});
