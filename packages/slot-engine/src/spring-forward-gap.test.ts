/**
 * Local times inside a spring-forward gap resolve to the instant of the change (zone-clock.ts),
 * so a local range covers exactly the real time during which the clock shows a time in it.
 * New York 2026-03-08 (Sunday): 02:00 EST jumps to 03:00 EDT at 07:00Z.
 * Berlin 2026-03-29 (Sunday): 02:00 CET jumps to 03:00 CEST at 01:00Z.
 */
import { describe, expect, it } from 'vitest';
import { checkBooking } from './check-booking.js';
import { computeSlots } from './compute-slots.js';
import { at, hours, slotQuery, starts } from './test-helpers.js';
import type { BookingCheck, OverrideRule, SlotQuery } from './types.js';

const timed = (kind: 'block' | 'open', startDate: string, startTime: string, endTime: string): OverrideRule => ({
  kind,
  startDate,
  endDate: startDate,
  startTime,
  endTime,
  weekdays: null,
});

const NY_DAY = '2026-03-08';
const BERLIN_DAY = '2026-03-29';
const JAN_1 = at('2026-01-01T00:00Z');

const nyQuery = (workStart: string, workEnd: string, overrides: OverrideRule[] = [], workingDays = [7]): SlotQuery =>
  slotQuery({
    timezone: 'America/New_York',
    dateFrom: NY_DAY,
    schedule: hours(workStart, workEnd, workingDays),
    overrides,
    durationMinutes: 30,
    now: JAN_1,
  });
const berlinQuery = (workStart: string, workEnd: string, overrides: OverrideRule[] = [], workingDays = [7]): SlotQuery =>
  slotQuery({
    timezone: 'Europe/Berlin',
    dateFrom: BERLIN_DAY,
    schedule: hours(workStart, workEnd, workingDays),
    overrides,
    durationMinutes: 30,
    now: JAN_1,
  });

const booking = (q: SlotQuery, start: string): BookingCheck => ({ ...q, meetingDurations: [30], start: at(start) });
const verdict = (q: SlotQuery, start: string) => checkBooking(booking(q, start));
const refused = (reason: string) => ({ ok: false, reason });

/** Every listed slot is bookable, and each `others` start gets its stated verdict. */
function expectChecks(q: SlotQuery, listed: string[], others: Record<string, string>) {
  expect(starts(computeSlots(q))).toEqual(listed);
  for (const s of listed) expect(verdict(q, s), s).toEqual({ ok: true });
  for (const [s, reason] of Object.entries(others)) expect(verdict(q, s), s).toEqual(refused(reason));
}

describe('a block starting inside a spring-forward gap (New York 02:30-03:30)', () => {
  const q = nyQuery('01:00', '05:00', [timed('block', NY_DAY, '02:30', '03:30')]);

  it('blocks 03:00-03:30 EDT = [07:00Z, 07:30Z), the part of its range that exists', () => {
    expectChecks(q, ['2026-03-08T06:00Z', '2026-03-08T06:30Z', '2026-03-08T07:30Z', '2026-03-08T08:00Z', '2026-03-08T08:30Z'], {
      '2026-03-08T07:00Z': 'SCHEDULE_BLOCKED',
      '2026-03-08T09:00Z': 'OUTSIDE_WORKING_HOURS',
    });
  });

  it('blocks a 60-minute slot that reaches into it, and only those', () => {
    const hour = { ...q, durationMinutes: 60 };
    expect(starts(computeSlots(hour))).toEqual(['2026-03-08T06:00Z', '2026-03-08T08:00Z']);
    expect(checkBooking({ ...booking(hour, '2026-03-08T07:00Z'), meetingDurations: [60] })).toEqual(refused('SCHEDULE_BLOCKED'));
  });

  it('without the block, 07:00Z is listed and bookable (the block is what removes it)', () => {
    const open = nyQuery('01:00', '05:00');
    expect(starts(computeSlots(open))).toContain('2026-03-08T07:00Z');
    expect(verdict(open, '2026-03-08T07:00Z')).toEqual({ ok: true });
  });
});

describe('ranges lying wholly inside the gap are empty', () => {
  it('a Berlin block 02:00-02:59 removes nothing (03:00-03:59 CEST stays bookable)', () => {
    const q = berlinQuery('01:00', '05:00', [timed('block', BERLIN_DAY, '02:00', '02:59')]);
    const all = ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30'].map((t) => `2026-03-29T${t}Z`);
    expectChecks(q, all, { '2026-03-29T03:00Z': 'OUTSIDE_WORKING_HOURS' });
    expect(starts(computeSlots(berlinQuery('01:00', '05:00')))).toEqual(all);
  });

  it('a Berlin open override 02:15-02:45 adds nothing (03:15-03:45 CEST is never offered)', () => {
    const q = berlinQuery('09:00', '17:00', [timed('open', BERLIN_DAY, '02:15', '02:45')], [1]);
    expectChecks(q, [], {
      '2026-03-29T01:15Z': 'OUTSIDE_WORKING_HOURS',
      '2026-03-29T01:00Z': 'OUTSIDE_WORKING_HOURS',
      '2026-03-29T00:15Z': 'OUTSIDE_WORKING_HOURS',
    });
  });

  it('a New York window 02:00-02:59 lists nothing', () => {
    expectChecks(nyQuery('02:00', '02:59'), [], { '2026-03-08T07:00Z': 'OUTSIDE_WORKING_HOURS' });
  });
});

describe('windows touching the gap follow real time', () => {
  it('01:00-04:00 in New York still lists 06:00Z, 06:30Z, 07:00Z, 07:30Z', () => {
    expectChecks(nyQuery('01:00', '04:00'), ['2026-03-08T06:00Z', '2026-03-08T06:30Z', '2026-03-08T07:00Z', '2026-03-08T07:30Z'], {
      '2026-03-08T05:30Z': 'OUTSIDE_WORKING_HOURS',
      '2026-03-08T08:00Z': 'OUTSIDE_WORKING_HOURS',
    });
  });

  it('a window starting in the gap (02:30-05:00) starts at the change, 07:00Z', () => {
    expectChecks(nyQuery('02:30', '05:00'), ['2026-03-08T07:00Z', '2026-03-08T07:30Z', '2026-03-08T08:00Z', '2026-03-08T08:30Z'], {
      '2026-03-08T06:30Z': 'OUTSIDE_WORKING_HOURS',
      '2026-03-08T07:15Z': 'OUTSIDE_WORKING_HOURS',
      '2026-03-08T09:00Z': 'OUTSIDE_WORKING_HOURS',
    });
  });

  it('a Berlin open override ending at 02:59 ends where one ending at 03:00 does, at 01:00Z', () => {
    for (const end of ['02:59', '03:00']) {
      const q = berlinQuery('09:00', '17:00', [timed('open', BERLIN_DAY, '01:00', end)], [1]);
      expectChecks(q, ['2026-03-29T00:00Z', '2026-03-29T00:30Z'], { '2026-03-29T01:00Z': 'OUTSIDE_WORKING_HOURS' });
    }
  });

  it('a Berlin open override starting at 02:00 and ending at 02:59 or 03:00 is empty either way', () => {
    for (const end of ['02:59', '03:00']) {
      const q = berlinQuery('09:00', '17:00', [timed('open', BERLIN_DAY, '02:00', end)], [1]);
      expectChecks(q, [], { '2026-03-29T01:00Z': 'OUTSIDE_WORKING_HOURS' });
    }
  });

  it('leaves fall-back ambiguity at the first occurrence (New York 01:30 on 2026-11-01 is 05:30Z)', () => {
    const q = slotQuery({
      timezone: 'America/New_York',
      dateFrom: '2026-11-01',
      schedule: hours('01:30', '02:30', [7]),
      durationMinutes: 30,
      now: JAN_1,
    });
    // 01:30 EDT (05:30Z) to 02:30 EST (07:30Z): two real hours.
    expectChecks(q, ['2026-11-01T05:30Z', '2026-11-01T06:00Z', '2026-11-01T06:30Z', '2026-11-01T07:00Z'], {
      '2026-11-01T05:00Z': 'OUTSIDE_WORKING_HOURS',
      '2026-11-01T07:30Z': 'OUTSIDE_WORKING_HOURS',
    });
  });
});
