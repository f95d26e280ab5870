// Hand-written statements on `bookings`, for the booking paths that run straight on the
// driver (see docs/decisions.md, "Three ways to the database"). Rows come back under the
// names Prisma's Booking model has, so bookingView serves both paths.
import type { Booking as BookingRow } from '../../generated/prisma/client.js';
import type { Sql } from '../sql.js';

export type { BookingRow };

const BOOKING_COLUMNS = `id::text AS "id", organization_id::text AS "organizationId", human_id::text AS "humanId",
  starts_at AS "startsAt", ends_at AS "endsAt", duration_minutes AS "durationMinutes",
  attendee_name AS "attendeeName", attendee_email AS "attendeeEmail", status::text AS "status",
  metadata, created_at AS "createdAt", cancelled_at AS "cancelledAt"`;

export interface NewBooking {
  organizationId: string;
  humanId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  attendeeName: string;
  attendeeEmail: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Inserts a confirmed booking. The exclusion constraint bookings_no_overlap may refuse it
 * (23P01, or 40P01 when two inserts waited on each other): see isBookingConflict.
 */
export async function insertBooking(query: Sql, b: NewBooking): Promise<BookingRow> {
  const [row] = await query<BookingRow>(
    `INSERT INTO bookings (organization_id, human_id, starts_at, ends_at, duration_minutes,
                           attendee_name, attendee_email, metadata, created_at)
     VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz, $5, $6, $7, $8::jsonb, $9::timestamptz)
     RETURNING ${BOOKING_COLUMNS}`,
    [
      b.organizationId,
      b.humanId,
      b.startsAt.toISOString(),
      b.endsAt.toISOString(),
      b.durationMinutes,
      b.attendeeName,
      b.attendeeEmail,
      JSON.stringify(b.metadata),
      b.createdAt.toISOString(),
    ],
  );
  return row!;
}

/**
 * Cancels a booking only while it is confirmed: the status guard makes a second (or a
 * concurrent) cancel match nothing. Undefined when nothing was cancelled.
 */
export async function cancelConfirmedBooking(
  query: Sql,
  organizationId: string,
  bookingId: string,
  at: Date,
): Promise<BookingRow | undefined> {
  const [row] = await query<BookingRow>(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = $3::timestamptz
      WHERE id = $1::uuid AND organization_id = $2::uuid AND status = 'confirmed'
     RETURNING ${BOOKING_COLUMNS}`,
    [bookingId, organizationId, at.toISOString()],
  );
  return row;
}

export async function selectBooking(query: Sql, organizationId: string, bookingId: string): Promise<BookingRow | undefined> {
  const [row] = await query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1::uuid AND organization_id = $2::uuid`,
    [bookingId, organizationId],
  );
  return row;
}
