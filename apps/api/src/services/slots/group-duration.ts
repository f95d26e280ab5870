import type { ErrorCode } from '@humantime/contract';
import { AppError } from '../../lib/app-error.js';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';

/** INVALID_DURATION naming the first listed human that does not offer `duration`, if any. */
export function groupDurationRefusal(
  ids: readonly string[],
  humans: readonly ScheduleSnapshot[],
  duration: number,
): AppError<ErrorCode> | undefined {
  const index = humans.findIndex((h) => !h.meetingDurations.includes(duration));
  if (index < 0) return undefined;
  return new AppError(
    'INVALID_DURATION',
    `duration must be one of the meeting_durations of human ${ids[index]}: ${humans[index]!.meetingDurations.join(', ')} (minutes). ` +
      'Every listed human must offer the duration.',
  );
}
