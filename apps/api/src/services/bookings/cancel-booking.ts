import { cancelConfirmedBooking, selectBooking } from '../../db/tables/bookings.js';
import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { recordEvent } from '../events/record-event.js';
import { bookingView } from './booking-view.js';

/**
 * Cancels a confirmed booking and records booking.cancelled in the same transaction. A
 * second (or concurrent) cancel changes nothing and emits nothing; it still answers 200
 * with the booking.
 */
export async function cancelBooking(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>,
  organizationId: string,
  bookingId: string,
) {
  const now = deps.clock();
  const outcome = await deps.store.transaction(async (tx) => {
    const cancelled = await cancelConfirmedBooking(tx.query, organizationId, bookingId, now);
    if (cancelled) {
      const booking = bookingView(cancelled);
      const deliveries = await recordEvent(tx.query, { organizationId, type: 'booking.cancelled', booking, at: now });
      return { booking, deliveries };
    }
    const existing = await selectBooking(tx.query, organizationId, bookingId);
    if (!existing) throw notFound('Booking');
    return { booking: bookingView(existing), deliveries: 0 };
  });
  // Only now are the deliveries visible to a worker.
  if (outcome.deliveries > 0) deps.onEventsCommitted?.();
  return outcome.booking;
}
