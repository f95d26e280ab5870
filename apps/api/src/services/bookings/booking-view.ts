import type { Booking } from '@humantime/contract';
import type { BookingRow } from '../../db/tables/bookings.js';
import { toTimestamp, toTimestampOrNull } from '../../lib/timestamps.js';

export function bookingView(row: BookingRow): Booking {
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
    group_id: row.groupId,
  };
}
