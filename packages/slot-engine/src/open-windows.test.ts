import { describe, expect, it } from 'vitest';
import { parseDay } from './calendar-day.js';
import { blockedMinutesOn } from './blocks.js';
import { openMinutesOn } from './open-windows.js';
import { prepareRules } from './rules.js';
import { hours, WEEKDAYS } from './test-helpers.js';
import type { OverrideRule } from './types.js';

const rule = (r: Partial<OverrideRule>): OverrideRule => ({
  kind: 'open',
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  startTime: null,
  endTime: null,
  weekdays: null,
  ...r,
});
const monday = parseDay('2026-06-01');
const saturday = parseDay('2026-06-06');

describe('openMinutesOn', () => {
  it('gives working hours on working days only', () => {
    const rules = prepareRules(hours('09:00', '17:00', WEEKDAYS), []);
    expect(openMinutesOn(rules, monday)).toEqual([{ start: 540, end: 1020 }]);
    expect(openMinutesOn(rules, saturday)).toEqual([]);
  });

  it('merges touching and overlapping pieces, and keeps apart ones separate', () => {
    const rules = prepareRules(hours('09:00', '12:00', WEEKDAYS), [
      rule({ startTime: '12:00', endTime: '13:00' }),
      rule({ startTime: '12:30', endTime: '14:00' }),
      rule({ startTime: '15:00', endTime: '16:00' }),
      rule({ startTime: '07:00', endTime: '08:00', weekdays: [6] }),
    ]);
    expect(openMinutesOn(rules, monday)).toEqual([
      { start: 540, end: 840 },
      { start: 900, end: 960 },
    ]);
    expect(openMinutesOn(rules, saturday)).toEqual([
      { start: 420, end: 480 },
      { start: 720, end: 840 },
      { start: 900, end: 960 },
    ]);
  });

  it('ignores open overrides outside their dates and those without times', () => {
    const rules = prepareRules(hours('09:00', '10:00', []), [
      rule({ startDate: '2026-05-01', endDate: '2026-05-31', startTime: '09:00', endTime: '10:00' }),
      rule({}),
    ]);
    expect(openMinutesOn(rules, monday)).toEqual([]);
  });
});

describe('blockedMinutesOn', () => {
  it('blocks a whole day without times and the given span with them', () => {
    const rules = prepareRules(hours('09:00', '17:00'), [
      rule({ kind: 'block', weekdays: [1] }),
      rule({ kind: 'block', startTime: '10:00', endTime: '11:00', weekdays: [6] }),
    ]);
    expect(blockedMinutesOn(rules, monday)).toEqual([{ start: 0, end: 1440 }]);
    expect(blockedMinutesOn(rules, saturday)).toEqual([{ start: 600, end: 660 }]);
    expect(blockedMinutesOn(rules, monday + 1)).toEqual([]);
  });
});
