import type { Booking, WebhookEventType } from '@humantime/contract';
import type { Prisma } from '../../generated/prisma/client.js';
import { toTimestamp } from '../../lib/timestamps.js';

type Tx = Prisma.TransactionClient;

/**
 * Writes the event and one pending delivery per webhook subscribed to it at this moment,
 * inside the caller's transaction (the outbox): the booking change and its notifications
 * commit together or not at all. The body is serialized once, here, so every delivery
 * attempt sends the same bytes.
 */
export async function recordEvent(
  tx: Tx,
  input: { organizationId: string; type: WebhookEventType; booking: Booking; at: Date },
): Promise<string> {
  const body = JSON.stringify({ event: input.type, created_at: toTimestamp(input.at), data: input.booking });
  // One statement: the event, and a pending delivery per subscribed webhook.
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    WITH event AS (
      INSERT INTO events (organization_id, type, booking_id, body, created_at)
      VALUES (${input.organizationId}::uuid, ${input.type}, ${input.booking.id}::uuid, ${body}, ${input.at})
      RETURNING id
    ), fanout AS (
      INSERT INTO deliveries (event_id, webhook_id, next_attempt_at)
      SELECT event.id, w.id, ${input.at}
        FROM event, webhooks w
       WHERE w.organization_id = ${input.organizationId}::uuid AND ${input.type} = ANY (w.events)
    )
    SELECT id FROM event`;
  return row!.id;
}
