// The cancel statement: everything a cancel writes, in ONE statement sent in autocommit, as
// the atomic booking statement (booking-statement.ts) is for a booking.
import { Params } from './params.js';
import type { Sql } from './sql.js';
import { eventWithDeliveriesCtes } from './tables/events.js';

export interface CancelStatement {
  organizationId: string;
  bookingId: string;
  at: Date;
  /** The event's body up to its booking: `{"event":…,"created_at":…,"data":` (the booking's JSON and `}` follow). */
  eventHead: string;
}

export interface CancelOutcome {
  /** The booking's answer as JSON: cancelled now, or as it already was (a second cancel); null when there is no such booking. */
  json: string | null;
  /** Deliveries queued (0 when nothing was cancelled). */
  deliveries: number;
}

/**
 * Locks the booking, then its day's count (the order a move keeps too: lockBookingDay),
 * cancels it if it is confirmed, deletes its time claim, takes it off the day's count and
 * records booking.cancelled with its deliveries, the event's body written around the
 * booking's stored answer JSON (`answer_json`, what bookingView answers).
 * Data-modifying CTEs run in no promised order, so the update reads the day's lock (a scalar
 * subquery, run before the update's first row) and the rest read the update's rows. A
 * booking already cancelled, by an earlier or a concurrent cancel, changes nothing: the
 * update finds no confirmed row (under READ COMMITTED it rechecks a row changed since the
 * statement's snapshot), and the answer is the locked row, which is its latest version.
 */
function build(s: CancelStatement): { text: string; values: unknown[] } {
  const p = new Params();
  const org = p.ref(s.organizationId, 'uuid');
  const id = p.ref(s.bookingId, 'uuid');
  const text = `WITH target AS (
       SELECT b.human_id, b.local_date, b.answer_json FROM bookings b
        WHERE b.id = ${id} AND b.organization_id = ${org}
          FOR NO KEY UPDATE
     ), day_lock AS (
       SELECT 1 FROM booking_day_counts d JOIN target b ON d.human_id = b.human_id AND d.local_date = b.local_date
        WHERE d.organization_id = ${org}
          FOR NO KEY UPDATE OF d
     ), cancelled AS (
       UPDATE bookings SET status = 'cancelled', cancelled_at = ${p.ref(s.at.toISOString(), 'timestamptz')}, ical_sequence = ical_sequence + 1
        WHERE id = ${id} AND organization_id = ${org} AND status = 'confirmed'
          AND (SELECT count(*) FROM day_lock) >= 0
       RETURNING human_id, local_date, answer_json
     ), claim AS (
       DELETE FROM time_claims t USING cancelled c WHERE t.booking_id = ${id} AND t.organization_id = ${org}
     ), uncount AS (
       UPDATE booking_day_counts d SET confirmed = d.confirmed - 1 FROM cancelled c
        WHERE d.organization_id = ${org} AND d.human_id = c.human_id AND d.local_date = c.local_date
     ), ${eventWithDeliveriesCtes(
       p,
       // The body is written by the statement (the last argument), not sent.
       { organizationId: s.organizationId, type: 'booking.cancelled', bookingId: s.bookingId, body: '', at: s.at },
       'cancelled',
       `${p.ref(s.eventHead, 'text')} || cancelled.answer_json || '}'`,
     )}
     SELECT coalesce((SELECT answer_json FROM cancelled), (SELECT answer_json FROM target)) AS json,
            (SELECT count(*) FROM fanout)::int AS deliveries`;
  return { text, values: p.values };
}

/** Runs the cancel statement in autocommit: one round trip, all of it or nothing. Named, so the pg driver plans it once per connection. */
export async function runCancelStatement(sql: Sql, s: CancelStatement): Promise<CancelOutcome> {
  const { text, values } = build(s);
  const [row] = await sql<CancelOutcome>(text, values, 'humantime_cancel');
  return row!;
}
