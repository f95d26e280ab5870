import { describe, expect, it } from 'vitest';
import { describeDays, describeHours } from './hours.js';

describe('weekly hours summary', () => {
  it('collapses consecutive days into ranges', () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(describeDays([5, 1, 3])).toBe('Mon, Wed, Fri');
    expect(describeDays([1, 2, 4, 5, 6, 7])).toBe('Mon, Tue, Thu–Sun');
  });

  it('joins days and hours', () => {
    expect(describeHours({ working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00' })).toBe('Mon–Fri, 09:00–17:00');
  });
});
