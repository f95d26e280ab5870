// Hand-written statements on `events` and the `deliveries` outbox.
import type { Sql } from '../sql.js';

/**
 * Writes the event and one pending delivery per webhook of the organization subscribed to
 * its type at this moment, in one statement inside the caller's transaction. Returns how
 * many deliveries it queued.
 */
export async function insertEventWithDeliveries(
  query: Sql,
  e: { organizationId: string; type: string; bookingId: string; body: string; at: Date },
): Promise<number> {
  const [row] = await query<{ deliveries: number }>(
    `WITH event AS (
       INSERT INTO events (organization_id, type, booking_id, body, created_at)
       VALUES ($1::uuid, $2::text, $3::uuid, $4, $5::timestamptz)
       RETURNING id
     ), fanout AS (
       INSERT INTO deliveries (event_id, webhook_id, next_attempt_at)
       SELECT event.id, w.id, $5::timestamptz
         FROM event, webhooks w
        WHERE w.organization_id = $1::uuid AND $2::text = ANY (w.events)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM fanout)::int AS deliveries FROM event`,
    [e.organizationId, e.type, e.bookingId, e.body, e.at.toISOString()],
  );
  return row!.deliveries;
}
