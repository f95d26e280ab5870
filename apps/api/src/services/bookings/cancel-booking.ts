import type { Services } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { recordEvent } from '../events/record-event.js';
import { BOOKING_COLUMNS, bookingView, type BookingViewRow as BookingRow } from './booking-view.js';
import { releaseTime } from './claim-time.js';

/**
 * Cancels a confirmed booking, frees its time claim and daily count, and records
 * booking.cancelled, all in one transaction. The
 * UPDATE's status guard makes a second (or concurrent) cancel a no-op that emits nothing;
 * it still answers 200 with the booking.
 */
export async function cancelBooking(services: Services, organizationId: string, bookingId: string) {
  const now = services.clock();
  const outcome = await services.store.transaction(async (tx) => {
    const [cancelled] = await tx.query<BookingRow>(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = $3::timestamptz, ical_sequence = ical_sequence + 1
        WHERE id = $1::uuid AND organization_id = $2::uuid AND status = 'confirmed'
       RETURNING ${BOOKING_COLUMNS}`,
      [bookingId, organizationId, now.toISOString()],
    );
    if (cancelled) {
      await releaseTime(tx, organizationId, bookingId);
      const booking = bookingView(cancelled);
      const deliveries = await recordEvent(tx, { organizationId, type: 'booking.cancelled', booking, at: now });
      return { booking, deliveries };
    }
    const [existing] = await tx.query<BookingRow>(
      `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1::uuid AND organization_id = $2::uuid`,
      [bookingId, organizationId],
    );
    if (!existing) throw notFound('Booking');
    return { booking: bookingView(existing), deliveries: 0 };
  });
  // Only now are the deliveries visible to a worker.
  if (outcome.deliveries > 0) services.onEventsCommitted?.();
  return outcome.booking;
}
