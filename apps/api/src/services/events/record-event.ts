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
 * An event's body up to its booking: what JSON.stringify writes of `{ event, created_at, data }`
 * before `data`'s value. The booking's JSON and `}` complete it (eventOf, and the cancel
 * statement, which writes the booking's stored JSON there).
 */
export function eventBodyHead(type: WebhookEventType, at: Date): string {
  return `{"event":${JSON.stringify(type)},"created_at":"${toTimestamp(at)}","data":`;
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
    body: `${eventBodyHead(input.type, input.at)}${JSON.stringify(input.booking)}}`,
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
