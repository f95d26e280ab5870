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
  const event = await tx.event.create({
    data: {
      organizationId: input.organizationId,
      type: input.type,
      bookingId: input.booking.id,
      body,
      createdAt: input.at,
    },
    select: { id: true },
  });
  await tx.$executeRaw`
    INSERT INTO deliveries (event_id, webhook_id, next_attempt_at)
    SELECT ${event.id}::uuid, w.id, ${input.at}
      FROM webhooks w
     WHERE w.organization_id = ${input.organizationId}::uuid AND ${input.type} = ANY (w.events)`;
  return event.id;
}
