import { computeSlots } from '@humantime/slot-engine';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';

/** The slot engine's starts for one human's snapshot over local dates [dateFrom, dateTo]. */
export function slotsOf(human: ScheduleSnapshot, dateFrom: string, dateTo: string, durationMinutes: number, now: Date) {
  return computeSlots({
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
  });
}
