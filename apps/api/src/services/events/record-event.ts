import type { Booking, WebhookEventType } from '@humantime/contract';
import type { SqlSession } from '../../db/sql-session.js';
import { toTimestamp } from '../../lib/timestamps.js';

/**
 * Writes the event and one pending delivery per webhook subscribed to it at this moment,
 * inside the caller's transaction (the outbox): the booking change and its notifications
 * commit together or not at all. The body is serialized once, here, so every delivery
 * attempt sends the same bytes. One statement for both; returns how many deliveries it
 * queued, so the caller wakes the delivery worker only when there is work.
 */
export async function recordEvent(
  tx: SqlSession,
  input: { organizationId: string; type: WebhookEventType; booking: Booking; at: Date },
): Promise<number> {
  const body = JSON.stringify({ event: input.type, created_at: toTimestamp(input.at), data: input.booking });
  const [row] = await tx.query<{ deliveries: number }>(
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
    [input.organizationId, input.type, input.booking.id, body, input.at.toISOString()],
  );
  return row!.deliveries;
}
