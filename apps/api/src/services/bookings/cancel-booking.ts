import type { Booking } from '@humantime/contract';
import { runCancelStatement } from '../../db/cancel-statement.js';
import { retryingDeadlocks } from '../../db/deadlocks.js';
import { notFound } from '../../lib/app-error.js';
import { jsonText } from '../../lib/json-text.js';
import type { ServiceDeps } from '../deps.js';
import { eventBodyHead } from '../events/record-event.js';

/**
 * Cancels a confirmed booking, frees its time claim and its place in the day's count, and
 * records booking.cancelled, all in one statement (db/cancel-statement.ts). A second (or
 * concurrent) cancel changes nothing and emits nothing; it still answers 200 with the
 * booking. Tried again when PostgreSQL aborts it to break a deadlock (retryingDeadlocks).
 * The answer is the booking's stored JSON, sent as it is (lib/json-text.ts); the event's body
 * carries the same text.
 */
export async function cancelBooking(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>,
  organizationId: string,
  bookingId: string,
): Promise<Booking> {
  const at = deps.clock();
  const eventHead = eventBodyHead('booking.cancelled', at);
  const outcome = await retryingDeadlocks(() => runCancelStatement(deps.store.sql, { organizationId, bookingId, at, eventHead }));
  if (outcome.json === null) throw notFound('Booking');
  // Committed: only now are the deliveries visible to a worker.
  if (outcome.deliveries > 0) deps.onEventsCommitted?.();
  return jsonText<Booking>(outcome.json);
}
