import { describe, expect, it } from 'vitest';
import { computeSlots, computeSlotsWithExpiry } from './compute-slots.js';
import { at, EVERY_DAY, hours, slotQuery, starts, WEEKDAYS } from './test-helpers.js';
import type { OverrideRule } from './types.js';

const override = (r: Partial<OverrideRule> & Pick<OverrideRule, 'kind' | 'startDate'>): OverrideRule => ({
  endDate: r.startDate,
  startTime: null,
  endTime: null,
  weekdays: null,
  ...r,
});

describe('computeSlots with overrides', () => {
  const berlin = { timezone: 'Europe/Berlin', schedule: hours('09:00', '17:00', WEEKDAYS), durationMinutes: 60 };

  it('removes everything during a whole-day vacation block', () => {
    const slots = starts(
      computeSlots(
        slotQuery({
          ...berlin,
          dateFrom: '2026-07-03',
          dateTo: '2026-07-13',
          overrides: [override({ kind: 'block', startDate: '2026-07-06', endDate: '2026-07-10' })],
        }),
      ),
    );
    expect(slots).toHaveLength(16);
    expect(slots[0]).toBe('2026-07-03T07:00Z');
    expect(slots[7]).toBe('2026-07-03T14:00Z');
    expect(slots[8]).toBe('2026-07-13T07:00Z');
  });

  it('removes only the slots a partial block overlaps, without moving the grid', () => {
    const slots = computeSlots(
      slotQuery({
        timezone: 'America/New_York',
        dateFrom: '2026-06-01',
        schedule: hours('09:00', '12:00', WEEKDAYS),
        overrides: [override({ kind: 'block', startDate: '2026-06-01', startTime: '10:15', endTime: '10:45' })],
      }),
    );
    expect(starts(slots)).toEqual(['13:00', '13:30', '15:00', '15:30'].map((t) => `2026-06-01T${t}Z`));
  });

  it('opens a non-working day', () => {
    const slots = computeSlots(
      slotQuery({
        ...berlin,
        timezone: 'America/New_York',
        dateFrom: '2026-06-06',
        overrides: [override({ kind: 'open', startDate: '2026-06-06', startTime: '10:00', endTime: '12:00' })],
      }),
    );
    expect(starts(slots)).toEqual(['2026-06-06T14:00Z', '2026-06-06T15:00Z']);
  });

  it('merges an adjacent open override into working hours; the grid starts at the merged start', () => {
    const slots = computeSlots(
      slotQuery({
        timezone: 'America/New_York',
        dateFrom: '2026-06-01',
        schedule: hours('09:00', '12:00', WEEKDAYS),
        durationMinutes: 60,
        overrides: [override({ kind: 'open', startDate: '2026-06-01', startTime: '07:30', endTime: '09:00' })],
      }),
    );
    expect(starts(slots)).toEqual(['11:30', '12:30', '13:30', '14:30'].map((t) => `2026-06-01T${t}Z`));
  });

  it('merges an overlapping open override into one longer window', () => {
    const slots = computeSlots(
      slotQuery({
        timezone: 'America/New_York',
        dateFrom: '2026-06-01',
        schedule: hours('09:00', '12:00', WEEKDAYS),
        durationMinutes: 45,
        overrides: [override({ kind: 'open', startDate: '2026-06-01', startTime: '11:30', endTime: '13:15' })],
      }),
    );
    expect(starts(slots)).toEqual(['13:00', '13:45', '14:30', '15:15', '16:00'].map((t) => `2026-06-01T${t}Z`));
  });

  it('lets a block win over an open override', () => {
    const slots = computeSlots(
      slotQuery({
        timezone: 'UTC',
        dateFrom: '2026-06-06',
        overrides: [
          override({ kind: 'open', startDate: '2026-06-06', startTime: '10:00', endTime: '12:00' }),
          override({ kind: 'block', startDate: '2026-06-06' }),
        ],
      }),
    );
    expect(slots).toEqual([]);
  });
});

describe('computeSlots with bookings and now', () => {
  const june1 = { timezone: 'America/New_York', dateFrom: '2026-06-01', schedule: hours('09:00', '12:00', EVERY_DAY) };

  it('removes exactly the slots a booking overlaps; touching ones stay', () => {
    const busy = [
      { start: at('2026-06-01T14:30Z'), end: at('2026-06-01T15:00Z') },
      { start: at('2026-06-01T13:10Z'), end: at('2026-06-01T13:40Z') },
      { start: at('2026-06-01T13:20Z'), end: at('2026-06-01T13:35Z') },
    ];
    expect(starts(computeSlots(slotQuery({ ...june1, busy })))).toEqual(['14:00', '15:00', '15:30'].map((t) => `2026-06-01T${t}Z`));
  });

  it('lists only slots starting strictly after now', () => {
    expect(starts(computeSlots(slotQuery({ ...june1, now: at('2026-06-01T14:30Z') })))).toEqual(
      ['15:00', '15:30'].map((t) => `2026-06-01T${t}Z`),
    );
    expect(starts(computeSlots(slotQuery({ ...june1, now: at('2026-06-01T14:29:59.999Z') })))[0]).toBe('2026-06-01T14:30Z');
  });

  it('returns nothing for an unusable duration or an inverted range', () => {
    for (const durationMinutes of [0, -30, Number.NaN, 2.5, Number.POSITIVE_INFINITY]) {
      expect(computeSlots(slotQuery({ ...june1, durationMinutes }))).toEqual([]);
    }
    expect(computeSlots(slotQuery({ ...june1, dateTo: '2026-05-31' }))).toEqual([]);
  });
});

describe('computeSlotsWithExpiry', () => {
  const utc = {
    timezone: 'UTC',
    schedule: hours('09:00', '12:00', EVERY_DAY),
    durationMinutes: 60,
    dateFrom: '2026-06-01',
    dateTo: '2026-06-03',
  };

  it('holds the answer until the first slot meets the notice', () => {
    const q = slotQuery({ ...utc, now: at('2026-06-01T08:10Z'), rules: { minimumNotice: 30 } });
    const { slots, unchangedUntil } = computeSlotsWithExpiry(q);
    expect(starts(slots)[0]).toBe('2026-06-01T09:00Z');
    expect(unchangedUntil).toBe(at('2026-06-01T08:30Z'));
    expect(computeSlots({ ...q, now: unchangedUntil - 1 })).toEqual(slots);
    expect(computeSlots({ ...q, now: unchangedUntil + 1 })).not.toEqual(slots);
  });

  it('holds the answer until the horizon reaches the next start', () => {
    const q = slotQuery({ ...utc, now: at('2026-06-01T10:30Z'), rules: { bookingHorizonDays: 1, minimumNotice: 60 } });
    const { slots, unchangedUntil } = computeSlotsWithExpiry(q);
    // Today's 11:00 is inside the notice; tomorrow's 11:00 is past the horizon until 11:00 today.
    expect(starts(slots)).toEqual(['2026-06-02T09:00Z', '2026-06-02T10:00Z']);
    expect(unchangedUntil).toBe(at('2026-06-01T11:00Z'));
    expect(computeSlots({ ...q, now: unchangedUntil - 1 })).toEqual(slots);
    expect(starts(computeSlots({ ...q, now: unchangedUntil }))).toContain('2026-06-02T11:00Z');
    // Without the horizon only the notice counts: tomorrow's 09:00 leaves at 08:00.
    expect(computeSlotsWithExpiry({ ...q, rules: { minimumNotice: 60 } }).unchangedUntil).toBe(at('2026-06-02T08:00Z'));
  });

  it('never expires an empty answer without a horizon', () => {
    const q = slotQuery({ ...utc, now: at('2026-07-01T00:00Z') });
    expect(computeSlotsWithExpiry(q)).toEqual({ slots: [], unchangedUntil: Number.POSITIVE_INFINITY });
  });
});
