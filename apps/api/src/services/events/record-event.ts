import type { Booking, WebhookEventType } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { insertEventWithDeliveries, type NewEvent } from '../../db/tables/events.js';
import { toTimestamp } from '../../lib/timestamps.js';

interface BookingChange {
  organizationId: string;
  type: WebhookEventType;
  booking: Booking;
  at: Date;
}

/**
 * The event row of a booking change. The body is serialized once, here, so every delivery
 * attempt (and the events feed) sends the same bytes.
 */
export function eventOf(input: BookingChange): NewEvent {
  return {
    organizationId: input.organizationId,
    type: input.type,
    bookingId: input.booking.id,
    body: JSON.stringify({ event: input.type, created_at: toTimestamp(input.at), data: input.booking }),
    at: input.at,
  };
}

/**
 * Records a booking change and its webhook deliveries inside the caller's transaction (the
 * outbox): the change and its notifications commit together or not at all. Returns how many
 * deliveries it queued, so the caller wakes the delivery worker only when there is work.
 */
export async function recordEvent(query: Sql, input: BookingChange): Promise<number> {
  return insertEventWithDeliveries(query, eventOf(input));
}
