import type { Availability, Human, PreferredHoursWindow, SetAvailabilityBody } from '@humantime/contract';
import { Prisma } from '../../generated/prisma/client.js';
import type { HumanViewRow } from '../../db/tables/humans.js';
import { toTimestamp } from '../../lib/timestamps.js';

export function availabilityView(row: HumanViewRow): Availability {
  return {
    working_days: row.workingDays,
    work_start: row.workStart,
    work_end: row.workEnd,
    meeting_durations: row.meetingDurations,
    buffer_before: row.bufferBefore,
    buffer_after: row.bufferAfter,
    minimum_notice: row.minimumNotice,
    booking_horizon_days: row.bookingHorizonDays,
    slot_interval: row.slotInterval,
    max_bookings_per_day: row.maxBookingsPerDay,
    preferred_hours: preferredHoursOf(row.preferredHours),
  };
}

/** The stored preferred hours (written only by availabilityColumns, in the wire shape). */
export function preferredHoursOf(stored: Prisma.JsonValue): PreferredHoursWindow[] | null {
  return Array.isArray(stored) ? (stored as unknown as PreferredHoursWindow[]) : null;
}

export function humanView(row: HumanViewRow): Human {
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

/**
 * The columns of a schedule, from the wire shape; working days kept sorted for stable output.
 * A PUT replaces the whole schedule, so a rule left out is written as null (off).
 */
export function availabilityColumns(a: SetAvailabilityBody) {
  return {
    workingDays: [...a.working_days].sort((x, y) => x - y),
    workStart: a.work_start,
    workEnd: a.work_end,
    meetingDurations: [...a.meeting_durations].sort((x, y) => x - y),
    bufferBefore: a.buffer_before ?? null,
    bufferAfter: a.buffer_after ?? null,
    minimumNotice: a.minimum_notice ?? null,
    bookingHorizonDays: a.booking_horizon_days ?? null,
    slotInterval: a.slot_interval ?? null,
    maxBookingsPerDay: a.max_bookings_per_day ?? null,
    // Weekdays sorted for stable output, as working_days; an empty list means no preference.
    preferredHours: a.preferred_hours?.length
      ? a.preferred_hours.map((w) => ({ weekdays: [...w.weekdays].sort((x, y) => x - y), start: w.start, end: w.end }))
      : Prisma.DbNull,
  };
}
