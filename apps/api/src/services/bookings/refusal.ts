import type { ErrorCode } from '@humantime/contract';
import type { BookingRefusal } from '@humantime/slot-engine';
import { AppError } from '../../lib/app-error.js';

/** The slot engine's verdict as the API's error, with a message that says what to do next. */
export function refusalError(reason: BookingRefusal, meetingDurations: number[]): AppError<ErrorCode> {
  switch (reason) {
    case 'INVALID_DURATION':
      return invalidDuration(meetingDurations);
    case 'PAST_START':
      return new AppError('VALIDATION_ERROR', 'starts_at: must be in the future.');
    case 'OUTSIDE_WORKING_HOURS':
      return new AppError(
        'OUTSIDE_WORKING_HOURS',
        'starts_at is not a bookable start: it is outside working days and hours (and any open override), ' +
          'or off the slot grid. Use a starts_at from GET /v1/humans/{human_id}/slots.',
      );
    case 'OUTSIDE_BOOKING_WINDOW':
      return new AppError(
        'OUTSIDE_BOOKING_WINDOW',
        "starts_at is outside this human's booking window: earlier than the minimum notice allows or " +
          'later than the booking horizon. Use a starts_at from GET /v1/humans/{human_id}/slots.',
      );
    case 'SCHEDULE_BLOCKED':
      return new AppError('SCHEDULE_BLOCKED', 'The requested time overlaps a block override of this human.');
    case 'SLOT_UNAVAILABLE':
      return slotUnavailable();
  }
}

export function invalidDuration(meetingDurations: number[]): AppError<ErrorCode> {
  return new AppError(
    'INVALID_DURATION',
    `duration must be one of this human's meeting_durations: ${meetingDurations.join(', ')} (minutes).`,
  );
}

export function slotUnavailable(): AppError<ErrorCode> {
  return new AppError(
    'SLOT_UNAVAILABLE',
    'The slot is not available: another booking or a hold overlaps it or its buffer, or its day already holds ' +
      "the human's maximum of bookings. Re-query the slots and book another.",
  );
}

/** SLOT_UNAVAILABLE when the time is busy in one of the human's connected calendars. */
export function calendarBusyThen(): AppError<ErrorCode> {
  return new AppError(
    'SLOT_UNAVAILABLE',
    'The slot is not available: a connected calendar of this human is busy then. Re-query the slots and book another.',
  );
}
