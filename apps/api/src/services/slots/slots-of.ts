import { computeSlots, computeSlotsWithExpiry } from '@humantime/slot-engine';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';

/** Which slots: of this length, over local dates [dateFrom, dateTo]. */
export interface SlotsAsked {
  dateFrom: string;
  dateTo: string;
  durationMinutes: number;
}

/** The slot engine's starts for one human's snapshot over local dates [dateFrom, dateTo]. */
export function slotsOf(human: ScheduleSnapshot, asked: SlotsAsked, now: Date) {
  return computeSlots(queryOf(human, asked, now));
}

/** slotsOf, and until when time alone leaves them unchanged (computeSlotsWithExpiry). */
export function expiringSlotsOf(human: ScheduleSnapshot, asked: SlotsAsked, now: Date) {
  return computeSlotsWithExpiry(queryOf(human, asked, now));
}

function queryOf(human: ScheduleSnapshot, { dateFrom, dateTo, durationMinutes }: SlotsAsked, now: Date) {
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
