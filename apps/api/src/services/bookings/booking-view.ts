import type { Booking } from '@humantime/contract';
import type { Booking as BookingRow } from '../../generated/prisma/client.js';
import { toTimestamp, toTimestampOrNull } from '../../lib/timestamps.js';

/** The columns a booking's view (and its calendar file) reads; raw-SQL rows carry just these. */
export type BookingViewRow = Omit<BookingRow, 'localDate'>;

export function bookingView(row: BookingViewRow): Booking {
  return {
    id: row.id,
    human_id: row.humanId,
    starts_at: toTimestamp(row.startsAt),
    ends_at: toTimestamp(row.endsAt),
    duration_minutes: row.durationMinutes,
    attendee_name: row.attendeeName,
    attendee_email: row.attendeeEmail,
    status: row.status,
    metadata: row.metadata as Booking['metadata'],
    created_at: toTimestamp(row.createdAt),
    cancelled_at: toTimestampOrNull(row.cancelledAt),
    rescheduled_from: row.rescheduledFrom,
    rescheduled_to: row.rescheduledTo,
  };
}

/**
 * The bookings columns under the names Prisma's Booking has, for statements run straight on
 * the driver (the booking transaction), so bookingView serves both paths.
 */
export const BOOKING_COLUMNS = `id::text AS "id", organization_id::text AS "organizationId", human_id::text AS "humanId",
  starts_at AS "startsAt", ends_at AS "endsAt", duration_minutes AS "durationMinutes",
  attendee_name AS "attendeeName", attendee_email AS "attendeeEmail", status::text AS "status",
  metadata, created_at AS "createdAt", cancelled_at AS "cancelledAt",
  rescheduled_from::text AS "rescheduledFrom", rescheduled_to::text AS "rescheduledTo",
  ical_uid AS "icalUid", ical_sequence AS "icalSequence"`;
