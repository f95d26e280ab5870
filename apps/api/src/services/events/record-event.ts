import type { Booking, WebhookEventType } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { insertEventWithDeliveries } from '../../db/tables/events.js';
import { toTimestamp } from '../../lib/timestamps.js';

/**
 * Records a booking change and its webhook deliveries inside the caller's transaction (the
 * outbox): the change and its notifications commit together or not at all. The body is
 * serialized once, here, so every delivery attempt sends the same bytes. Returns how many
 * deliveries it queued, so the caller wakes the delivery worker only when there is work.
 */
export async function recordEvent(
  query: Sql,
  input: { organizationId: string; type: WebhookEventType; booking: Booking; at: Date },
): Promise<number> {
  const body = JSON.stringify({ event: input.type, created_at: toTimestamp(input.at), data: input.booking });
  return insertEventWithDeliveries(query, {
    organizationId: input.organizationId,
    type: input.type,
    bookingId: input.booking.id,
    body,
    at: input.at,
  });
}
