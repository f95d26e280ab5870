import type { Services } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { recordEvent } from '../events/record-event.js';
import { bookingView } from './booking-view.js';

/**
 * Cancels a confirmed booking and records booking.cancelled in the same transaction. The
 * UPDATE's status guard makes a second (or concurrent) cancel a no-op that emits nothing;
 * it still answers 200 with the booking.
 */
export async function cancelBooking(services: Services, organizationId: string, bookingId: string) {
  const now = services.clock();
  const booking = await services.db.$transaction(async (tx) => {
    const [cancelled] = await tx.booking.updateManyAndReturn({
      where: { id: bookingId, organizationId, status: 'confirmed' },
      data: { status: 'cancelled', cancelledAt: now },
    });
    if (cancelled) {
      const booking = bookingView(cancelled);
      await recordEvent(tx, { organizationId, type: 'booking.cancelled', booking, at: now });
      return booking;
    }
    const existing = await tx.booking.findFirst({ where: { id: bookingId, organizationId } });
    if (!existing) throw notFound('Booking');
    return bookingView(existing);
  });
  // Only now are the deliveries visible to a worker.
  services.onEventsCommitted?.();
  return booking;
}
