/** Shared by the tests only; not exported from the package. */
import type { Interval, SlotQuery, WeeklySchedule } from './types.js';

/** "2026-03-08T06:00Z" → epoch ms. */
export const at = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad instant in test: ${iso}`);
  return ms;
};

/** Epoch ms → "2026-03-08T06:00Z" (seconds shown only when not zero). */
export const show = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z').replace(/:00Z$/, 'Z');

export const starts = (slots: readonly Interval[]): string[] => slots.map((s) => show(s.start));

export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
export const WEEKDAYS = [1, 2, 3, 4, 5];

export const hours = (workStart: string, workEnd: string, workingDays = EVERY_DAY): WeeklySchedule => ({
  workingDays,
  workStart,
  workEnd,
});

/** A query with no overrides, no bookings and `now` long past; override what a test needs. */
export const slotQuery = (q: Partial<SlotQuery> & Pick<SlotQuery, 'timezone' | 'dateFrom'>): SlotQuery => ({
  schedule: hours('09:00', '17:00', WEEKDAYS),
  overrides: [],
  busy: [],
  dateTo: q.dateFrom,
  durationMinutes: 30,
  now: 0,
  ...q,
});
