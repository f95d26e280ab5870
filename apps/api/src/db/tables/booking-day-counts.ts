// Hand-written statements on `booking_day_counts`: confirmed bookings per human and local
// date, the counter that keeps max_bookings_per_day under concurrency.
import type { Sql } from '../sql.js';

/**
 * Counts one more booking on the day, unless that would pass `max` (null = no maximum).
 * The upsert locks the day's row, so racing bookings of one day take turns and each sees the
 * count the previous one left: false means the day is full.
 */
export async function countBookingOnDay(
  query: Sql,
  organizationId: string,
  humanId: string,
  localDate: string,
  max: number | null,
): Promise<boolean> {
  const rows = await query(
    `INSERT INTO booking_day_counts AS d (organization_id, human_id, local_date, confirmed)
     VALUES ($1::uuid, $2::uuid, $3::date, 1)
     ON CONFLICT (organization_id, human_id, local_date) DO UPDATE SET confirmed = d.confirmed + 1
      WHERE $4::int IS NULL OR d.confirmed < $4::int
     RETURNING confirmed`,
    [organizationId, humanId, localDate, max],
  );
  return rows.length > 0;
}

/** Takes a booking off the count of the day it was counted on. */
export async function uncountBooking(query: Sql, organizationId: string, bookingId: string) {
  await query(
    `UPDATE booking_day_counts d SET confirmed = d.confirmed - 1
       FROM bookings b
      WHERE b.id = $1::uuid AND b.organization_id = $2::uuid
        AND d.organization_id = b.organization_id AND d.human_id = b.human_id AND d.local_date = b.local_date`,
    [bookingId, organizationId],
  );
}
