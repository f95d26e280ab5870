import { describe, expect, it } from 'vitest';
import { computeSlots } from './compute-slots.js';
import { hours, slotQuery, starts } from './test-helpers.js';

const day = (timezone: string, date: string, from: string, to: string, durationMinutes = 60) =>
  starts(computeSlots(slotQuery({ timezone, dateFrom: date, schedule: hours(from, to), durationMinutes })));

describe('computeSlots across DST changes', () => {
  it('follows real time through the spring gap', () => {
    expect(day('America/New_York', '2026-03-08', '01:00', '04:00', 30)).toEqual([
      '2026-03-08T06:00Z',
      '2026-03-08T06:30Z',
      '2026-03-08T07:00Z',
      '2026-03-08T07:30Z',
    ]);
  });

  it('shortens a window spanning spring forward and lengthens one spanning fall back', () => {
    expect(day('America/New_York', '2026-03-08', '00:00', '05:00')).toEqual(['05', '06', '07', '08'].map((h) => `2026-03-08T${h}:00Z`));
    expect(day('America/New_York', '2026-11-01', '00:00', '05:00')).toEqual(
      ['04', '05', '06', '07', '08', '09'].map((h) => `2026-11-01T${h}:00Z`),
    );
    expect(day('Europe/Berlin', '2026-03-29', '00:00', '05:00')).toEqual([
      '2026-03-28T23:00Z',
      '2026-03-29T00:00Z',
      '2026-03-29T01:00Z',
      '2026-03-29T02:00Z',
    ]);
    expect(day('Europe/Berlin', '2026-10-25', '00:00', '05:00')).toEqual([
      '2026-10-24T22:00Z',
      '2026-10-24T23:00Z',
      '2026-10-25T00:00Z',
      '2026-10-25T01:00Z',
      '2026-10-25T02:00Z',
      '2026-10-25T03:00Z',
    ]);
  });

  it('uses the new offset for windows later on a transition day', () => {
    expect(day('America/New_York', '2026-03-08', '13:00', '15:00')).toEqual(['2026-03-08T17:00Z', '2026-03-08T18:00Z']);
    expect(day('America/New_York', '2026-11-01', '13:00', '15:00')).toEqual(['2026-11-01T18:00Z', '2026-11-01T19:00Z']);
    expect(day('Europe/Berlin', '2026-03-29', '13:00', '15:00')).toEqual(['2026-03-29T11:00Z', '2026-03-29T12:00Z']);
    expect(day('Europe/Berlin', '2026-10-25', '13:00', '15:00')).toEqual(['2026-10-25T12:00Z', '2026-10-25T13:00Z']);
  });

  it('lists a full 09:00-17:00 day on each transition day', () => {
    const eight = (date: string, firstUtcHour: number) =>
      Array.from({ length: 8 }, (_, i) => `${date}T${String(firstUtcHour + i).padStart(2, '0')}:00Z`);
    expect(day('America/New_York', '2026-03-08', '09:00', '17:00')).toEqual(eight('2026-03-08', 13));
    expect(day('America/New_York', '2026-11-01', '09:00', '17:00')).toEqual(eight('2026-11-01', 14));
    expect(day('Europe/Berlin', '2026-03-29', '09:00', '17:00')).toEqual(eight('2026-03-29', 7));
    expect(day('Europe/Berlin', '2026-10-25', '09:00', '17:00')).toEqual(eight('2026-10-25', 8));
  });

  it('starts a window that opens inside the gap at the instant of the change', () => {
    expect(day('America/New_York', '2026-03-08', '02:30', '04:00', 30)).toEqual(['2026-03-08T07:00Z', '2026-03-08T07:30Z']);
  });

  it('reads ambiguous window edges as their first occurrence', () => {
    expect(day('America/New_York', '2026-11-01', '01:30', '03:00', 30)).toEqual(
      ['05:30', '06:00', '06:30', '07:00', '07:30'].map((t) => `2026-11-01T${t}Z`),
    );
    expect(day('America/New_York', '2026-11-01', '00:00', '01:30', 30)).toEqual(['04:00', '04:30', '05:00'].map((t) => `2026-11-01T${t}Z`));
  });

  it('keeps a weekly 10:00 block at 10:00 local across the change', () => {
    const slots = computeSlots(
      slotQuery({
        timezone: 'America/New_York',
        dateFrom: '2026-03-02',
        dateTo: '2026-03-09',
        schedule: hours('09:00', '12:00', [1]),
        durationMinutes: 60,
        overrides: [
          {
            kind: 'block',
            startDate: '2026-03-01',
            endDate: '2026-03-31',
            weekdays: [1],
            startTime: '10:00',
            endTime: '11:00',
          },
        ],
      }),
    );
    expect(starts(slots)).toEqual(['2026-03-02T14:00Z', '2026-03-02T16:00Z', '2026-03-09T13:00Z', '2026-03-09T15:00Z']);
  });

  it('lists a multi-day range across the change, day by day', () => {
    const slots = computeSlots(
      slotQuery({ timezone: 'America/New_York', dateFrom: '2026-03-06', dateTo: '2026-03-09', durationMinutes: 60 }),
    );
    expect(slots).toHaveLength(16);
    expect(starts(slots).slice(7, 9)).toEqual(['2026-03-06T21:00Z', '2026-03-09T13:00Z']);
  });
});

describe('computeSlots in zones without DST', () => {
  it('uses the fixed offset, including half-hour ones', () => {
    expect(day('Asia/Tokyo', '2026-03-08', '09:00', '12:00')).toEqual(['00:00', '01:00', '02:00'].map((t) => `2026-03-08T${t}Z`));
    expect(day('Asia/Kolkata', '2026-03-08', '09:00', '11:00', 30)).toEqual(
      ['03:30', '04:00', '04:30', '05:00'].map((t) => `2026-03-08T${t}Z`),
    );
  });
});
