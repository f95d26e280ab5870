import { describe, expect, it } from 'vitest';
import { parseDay } from './calendar-day.js';
import { planDay } from './day-plan.js';
import { prepareRules } from './rules.js';
import { at, hours } from './test-helpers.js';
import type { OverrideRule } from './types.js';
import { createZoneClock, type ZoneClock } from './zone-clock.js';

const MIN = 60_000;

/**
 * No real zone has a spring-forward gap that straddles midnight, so this clock invents one:
 * UTC until 1970-01-01 23:30, when clocks jump to 00:30 on the 2nd (+01:00). Local times in
 * the gap are shifted forward, as in real zones.
 */
const straddlingGap: ZoneClock = {
  toInstant: (day, minute) => {
    const local = day * 1440 + minute;
    return (local >= 1470 ? local - 60 : local) * MIN;
  },
  dayStart: (day) => straddlingGap.toInstant(day, 0),
  dayOf: () => {
    throw new Error('not needed');
  },
};

describe('planDay', () => {
  it('keeps each day inside its own span when a gap straddles midnight', () => {
    const rules = prepareRules(hours('00:30', '02:00'), []);
    // Local 00:30 on the 2nd is 23:30Z on the 1st, before the 2nd begins (00:00 → 00:00Z).
    expect(planDay(rules, straddlingGap, 1).windows).toEqual([{ start: 1440 * MIN, end: 1500 * MIN }]);
    const late = prepareRules(hours('23:00', '23:59'), []);
    expect(planDay(late, straddlingGap, 0).windows).toEqual([{ start: 1380 * MIN, end: 1439 * MIN }]);
  });

  it('turns whole-day blocks into the exact local day, 23 or 25 hours long at DST changes', () => {
    const block: OverrideRule = {
      kind: 'block', startDate: '2026-03-08', endDate: '2026-11-01', startTime: null, endTime: null, weekdays: null,
    };
    const clock = createZoneClock('America/New_York');
    const rules = prepareRules(hours('09:00', '17:00'), [block]);
    expect(planDay(rules, clock, parseDay('2026-03-08')).blocks).toEqual([
      { start: at('2026-03-08T05:00Z'), end: at('2026-03-09T04:00Z') },
    ]);
    expect(planDay(rules, clock, parseDay('2026-11-01')).blocks).toEqual([
      { start: at('2026-11-01T04:00Z'), end: at('2026-11-02T05:00Z') },
    ]);
  });

  it('drops a range that lies wholly inside a spring-forward gap', () => {
    const clock = createZoneClock('America/New_York');
    const rules = prepareRules(hours('02:00', '03:00'), []);
    expect(planDay(rules, clock, parseDay('2026-03-08')).windows).toEqual([]);
  });
});
