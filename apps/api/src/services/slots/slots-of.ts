import { computeSlots, computeSlotsWithExpiry } from '@humantime/slot-engine';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';

/** The slot engine's starts for one human's snapshot over local dates [dateFrom, dateTo]. */
export function slotsOf(human: ScheduleSnapshot, dateFrom: string, dateTo: string, durationMinutes: number, now: Date) {
  return computeSlots(queryOf(human, dateFrom, dateTo, durationMinutes, now));
}

/** slotsOf, and until when time alone leaves them unchanged (computeSlotsWithExpiry). */
export function expiringSlotsOf(human: ScheduleSnapshot, dateFrom: string, dateTo: string, durationMinutes: number, now: Date) {
  return computeSlotsWithExpiry(queryOf(human, dateFrom, dateTo, durationMinutes, now));
}

function queryOf(human: ScheduleSnapshot, dateFrom: string, dateTo: string, durationMinutes: number, now: Date) {
  return {
    timezone: human.timezone,
    schedule: human.schedule,
    overrides: human.overrides,
    busy: human.busy,
    rules: human.rules,
    bookingsPerDay: human.bookingsPerDay,
    dateFrom,
    dateTo,
    durationMinutes,
    now: now.getTime(),
  };
}
