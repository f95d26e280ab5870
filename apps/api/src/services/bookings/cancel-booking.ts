import { retryingDeadlocks } from '../../db/deadlocks.js';
import { lockBookingDay } from '../../db/tables/booking-day-counts.js';
import { cancelConfirmedBooking, selectBooking } from '../../db/tables/bookings.js';
import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { recordEvent } from '../events/record-event.js';
import { bookingView } from './booking-view.js';
import { releaseTime } from './claim-time.js';

/**
 * Cancels a confirmed booking, frees its time claim and its place in the day's count, and
 * records booking.cancelled, all in one transaction. A second (or concurrent) cancel
 * changes nothing and emits nothing; it still answers 200 with the booking. It locks the
 * booking and its day's count before anything else (lockBookingDay), and is tried again when
 * PostgreSQL aborts it to break a deadlock all the same (retryingDeadlocks).
 */
export async function cancelBooking(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>,
  organizationId: string,
  bookingId: string,
) {
  return retryingDeadlocks(() => cancelOnce(deps, organizationId, bookingId));
}

async function cancelOnce(deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>, organizationId: string, bookingId: string) {
  const now = deps.clock();
  const outcome = await deps.store.transaction(async (tx) => {
    await lockBookingDay(tx.query, organizationId, bookingId);
    const cancelled = await cancelConfirmedBooking(tx.query, organizationId, bookingId, now);
    if (cancelled) {
      await releaseTime(tx.query, organizationId, bookingId);
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
