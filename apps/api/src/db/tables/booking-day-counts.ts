// Hand-written statements on `booking_day_counts`: confirmed bookings per human and local
// date, the counter that keeps max_bookings_per_day under concurrency.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface DayCount {
  organizationId: string;
  humanId: string;
  localDate: string;
  /** The human's max_bookings_per_day; null = no maximum. */
  max: number | null;
}

/**
 * The upsert that counts one more booking on the day unless that would pass the maximum, as
 * a fragment of a statement (with `from`, selected from that CTE's row). It locks the day's
 * row, so racing bookings of one day take turns and each sees the count the previous one
 * left. It answers no row when the day is full.
 */
export function dayCountUpsert(p: Params, c: DayCount, from?: string): string {
  const max = p.ref(c.max, 'int');
  return `INSERT INTO booking_day_counts AS d (organization_id, human_id, local_date, confirmed)
     SELECT ${p.ref(c.organizationId, 'uuid')}, ${p.ref(c.humanId, 'uuid')}, ${p.ref(c.localDate, 'date')}, 1${from ? ` FROM ${from}` : ''}
     ON CONFLICT (organization_id, human_id, local_date) DO UPDATE SET confirmed = d.confirmed + 1
      WHERE ${max} IS NULL OR d.confirmed < ${max}`;
}

/** Counts one more booking on the day (see dayCountUpsert): false means the day is full. */
export async function countBookingOnDay(query: Sql, c: DayCount): Promise<boolean> {
  const p = new Params();
  const rows = await query(`${dayCountUpsert(p, c)} RETURNING confirmed`, p.values);
  return rows.length > 0;
}

/**
 * Locks the booking's row, then the count of the day it was counted on, until the transaction
 * ends, before a cancel or a move changes anything. A booking of that day takes the same count
 * while it claims time; a cancel that took it last, after changing the booking and freeing its
 * claim, could wait on that booking while the booking waited on what the cancel had changed (a
 * deadlock). Booking first, then day, in one order for cancels and moves alike (a move calls
 * this; a cancel takes the same locks in the same order in its statement, db/cancel-statement.ts).
 */
export async function lockBookingDay(query: Sql, organizationId: string, bookingId: string) {
  const p = new Params();
  await query(
    `WITH b AS (SELECT organization_id, human_id, local_date FROM bookings
                 WHERE id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')}
                 FOR NO KEY UPDATE)
     SELECT 1 FROM booking_day_counts d
       JOIN b ON d.organization_id = b.organization_id AND d.human_id = b.human_id AND d.local_date = b.local_date
      FOR NO KEY UPDATE OF d`,
    p.values,
  );
}

/** Takes a booking off the count of the day it was counted on. */
export async function uncountBooking(query: Sql, organizationId: string, bookingId: string) {
  const p = new Params();
  await query(
    `UPDATE booking_day_counts d SET confirmed = d.confirmed - 1
       FROM bookings b
      WHERE b.id = ${p.ref(bookingId, 'uuid')} AND b.organization_id = ${p.ref(organizationId, 'uuid')}
        AND d.organization_id = b.organization_id AND d.human_id = b.human_id AND d.local_date = b.local_date`,
    p.values,
  );
}
