import type { Availability, Human } from '@humantime/contract';
import type { Human as HumanRow } from '../../generated/prisma/client.js';
import { toTimestamp } from '../../lib/timestamps.js';

export function availabilityView(row: HumanRow): Availability {
  return {
    working_days: row.workingDays,
    work_start: row.workStart,
    work_end: row.workEnd,
    meeting_durations: row.meetingDurations,
  };
}

export function humanView(row: HumanRow): Human {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    timezone: row.timezone,
    availability_rules: availabilityView(row),
    created_at: toTimestamp(row.createdAt),
    updated_at: toTimestamp(row.updatedAt),
  };
}

/** The columns of a schedule, from the wire shape; working days kept sorted for stable output. */
export function availabilityColumns(a: Availability) {
  return {
    workingDays: [...a.working_days].sort((x, y) => x - y),
    workStart: a.work_start,
    workEnd: a.work_end,
    meetingDurations: [...a.meeting_durations].sort((x, y) => x - y),
  };
}
