import { describe, expect, it } from 'vitest';
import { at, hours, show, WEEKDAYS } from './test-helpers.js';
import type { Interval, OverrideRule } from './types.js';
import { workingTime, type WorkingTimeQuery } from './working-time.js';

const override = (
  kind: 'block' | 'open',
  startDate: string,
  startTime: string | null,
  endTime: string | null,
  endDate = startDate,
): OverrideRule => ({
  kind,
  startDate,
  endDate,
  startTime,
  endTime,
  weekdays: null,
});
const pieces = (list: Interval[]) => list.map((p) => `${show(p.start)}-${show(p.end)}`);
const query = (q: Partial<WorkingTimeQuery> & Pick<WorkingTimeQuery, 'from' | 'to'>): WorkingTimeQuery => ({
  timezone: 'Europe/Berlin',
  schedule: hours('09:00', '17:00', WEEKDAYS),
  overrides: [],
  ...q,
});

describe('workingTime', () => {
  it('is working hours and open overrides minus blocks, whole pieces of the days touched', () => {
    // Tuesday 2026-11-24 in Berlin (+01:00): lunch blocked, an open evening.
    const overrides = [override('block', '2026-11-24', '12:00', '13:00'), override('open', '2026-11-24', '18:00', '20:00')];
    const q = query({ overrides, from: at('2026-11-24T10:00Z'), to: at('2026-11-24T10:01Z') });
    expect(pieces(workingTime(q))).toEqual([
      '2026-11-24T08:00Z-2026-11-24T11:00Z',
      '2026-11-24T12:00Z-2026-11-24T16:00Z',
      '2026-11-24T17:00Z-2026-11-24T19:00Z',
    ]);
  });

  it('joins an open override with the hours it touches, and a block may cover a whole day', () => {
    const overrides = [override('open', '2026-11-24', '17:00', '18:30'), override('block', '2026-11-25', null, null)];
    // Up to Berlin's midnight before the 26th: the 26th is not read.
    const q = query({ overrides, from: at('2026-11-24T00:00Z'), to: at('2026-11-25T23:00Z') });
    expect(pieces(workingTime(q))).toEqual(['2026-11-24T08:00Z-2026-11-24T17:30Z']);
  });

  it('joins work that runs through midnight into one piece', () => {
    const q = query({
      schedule: hours('00:00', '02:00', [3]),
      overrides: [override('open', '2026-11-24', '22:00', '24:00')],
      from: at('2026-11-24T00:00Z'),
      to: at('2026-11-25T12:00Z'),
    });
    expect(pieces(workingTime(q))).toEqual(['2026-11-24T21:00Z-2026-11-25T01:00Z']);
  });

  it('follows the offset across a DST change', () => {
    // Berlin leaves summer time on Sunday 2026-10-25: 09:00 is 07:00Z on Friday, 08:00Z on Monday.
    const q = query({ from: at('2026-10-23T12:00Z'), to: at('2026-10-26T12:00Z') });
    expect(pieces(workingTime(q))).toEqual(['2026-10-23T07:00Z-2026-10-23T15:00Z', '2026-10-26T08:00Z-2026-10-26T16:00Z']);
  });

  it('is empty for an empty range, and without hours or opens', () => {
    expect(workingTime(query({ from: at('2026-11-24T10:00Z'), to: at('2026-11-24T10:00Z') }))).toEqual([]);
    expect(
      workingTime(query({ schedule: hours('09:00', '17:00', []), from: at('2026-11-24T00:00Z'), to: at('2026-12-08T00:00Z') })),
    ).toEqual([]);
  });
});
