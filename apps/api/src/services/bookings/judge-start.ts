import { bufferedRange, checkBooking } from '@humantime/slot-engine';
import type { ErrorCode } from '@humantime/contract';
import type { AppError } from '../../lib/app-error.js';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';
import { calendarBusyThen, refusalError } from './refusal.js';

/**
 * The booking rule in one place: whether `start` + `durationMinutes` may be booked on this
 * snapshot at `now`, or the AppError a booking would be refused with (in the check order of
 * docs/decisions/0012-scheduling-rules.md; the quota comes later). POST /v1/bookings and
 * GET /v1/humans/{id}/check both judge through here, so they cannot disagree.
 */
export function judgeStart(human: ScheduleSnapshot, start: number, durationMinutes: number, now: Date): AppError<ErrorCode> | undefined {
  const verdict = checkBooking({
    timezone: human.timezone,
    schedule: human.schedule,
    overrides: human.overrides,
    busy: human.busy,
    rules: human.rules,
    bookingsPerDay: human.bookingsPerDay,
    meetingDurations: human.meetingDurations,
    start,
    durationMinutes,
    now: now.getTime(),
  });
  if (verdict.ok) return undefined;
  if (verdict.reason === 'SLOT_UNAVAILABLE' && human.calendarBusy.length > 0) {
    // A connected calendar's busy time blocks like a booking; the refusal says which it was.
    const range = bufferedRange({ start, end: start + durationMinutes * 60_000 }, human.rules);
    if (human.calendarBusy.some((b) => b.start < range.end && b.end > range.start)) return calendarBusyThen();
  }
  return refusalError(verdict.reason, human.meetingDurations);
}
