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
 * the gap (23:30-00:29) resolve to the instant of the change, 23:30Z, as in real zones.
 */
const straddlingGap: ZoneClock = {
  toInstant: (day, minute) => {
    const local = day * 1440 + minute;
    return (local >= 1470 ? local - 60 : Math.min(local, 1410)) * MIN;
  },
  dayStart: (day) => straddlingGap.toInstant(day, 0),
  dayOf: () => {
    throw new Error('not needed');
  },
};

const NY = createZoneClock('America/New_York');
const BERLIN = createZoneClock('Europe/Berlin');
const timed = (kind: 'block' | 'open', date: string, startTime: string, endTime: string): OverrideRule => ({
  kind,
  startDate: date,
  endDate: date,
  startTime,
  endTime,
  weekdays: null,
});
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('planDay', () => {
  it('keeps each day inside its own span when a gap straddles midnight', () => {
    // The 2nd begins at the change (its 00:00 does not exist): 23:30Z on the 1st.
    expect(straddlingGap.dayStart(1)).toBe(1410 * MIN);
    const rules = prepareRules(hours('00:15', '02:00'), []);
    expect(planDay(rules, straddlingGap, 1).windows).toEqual([{ start: 1410 * MIN, end: 1500 * MIN }]);
    // 23:59 on the 1st does not exist either: the window ends at the change, where the 2nd begins.
    const late = prepareRules(hours('23:00', '23:59'), []);
    expect(planDay(late, straddlingGap, 0).windows).toEqual([{ start: 1380 * MIN, end: 1410 * MIN }]);
  });

  it('turns whole-day blocks into the exact local day, 23 or 25 hours long at DST changes', () => {
    const block: OverrideRule = {
      kind: 'block',
      startDate: '2026-03-08',
      endDate: '2026-11-01',
      startTime: null,
      endTime: null,
      weekdays: null,
    };
    const clock = NY;
    const rules = prepareRules(hours('09:00', '17:00'), [block]);
    expect(planDay(rules, clock, parseDay('2026-03-08')).blocks).toEqual([
      { start: at('2026-03-08T05:00Z'), end: at('2026-03-09T04:00Z') },
    ]);
    expect(planDay(rules, clock, parseDay('2026-11-01')).blocks).toEqual([
      { start: at('2026-11-01T04:00Z'), end: at('2026-11-02T05:00Z') },
    ]);
  });

  it('drops a range that lies wholly inside a spring-forward gap (both ends at the change)', () => {
    const day = parseDay('2026-03-08');
    expect(planDay(prepareRules(hours('02:00', '03:00'), []), NY, day).windows).toEqual([]);
    const berlin = parseDay('2026-03-29');
    const inGap = prepareRules(hours('09:00', '17:00'), [
      timed('block', '2026-03-29', '02:00', '02:59'),
      timed('open', '2026-03-29', '02:15', '02:45'),
    ]);
    expect(planDay(inGap, BERLIN, berlin)).toEqual({
      windows: [span('2026-03-29T07:00Z', '2026-03-29T15:00Z')],
      blocks: [],
    });
  });

  it('keeps the existing part of a range that starts or ends inside the gap', () => {
    const day = parseDay('2026-03-08');
    const rules = prepareRules(hours('02:30', '05:00'), [timed('block', '2026-03-08', '02:30', '03:30')]);
    expect(planDay(rules, NY, day)).toEqual({
      windows: [span('2026-03-08T07:00Z', '2026-03-08T09:00Z')],
      blocks: [span('2026-03-08T07:00Z', '2026-03-08T07:30Z')],
    });
    // Ending at 02:59 or at 03:00 is the same instant, 01:00Z in Berlin.
    const berlin = parseDay('2026-03-29');
    for (const end of ['02:59', '03:00']) {
      const open = prepareRules(hours('09:00', '17:00', [1]), [timed('open', '2026-03-29', '01:00', end)]);
      expect(planDay(open, BERLIN, berlin).windows, end).toEqual([span('2026-03-29T00:00Z', '2026-03-29T01:00Z')]);
    }
  });
});
