import type { Services } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { recordEvent } from '../events/record-event.js';
import { BOOKING_COLUMNS, bookingView } from './booking-view.js';
import type { Booking as BookingRow } from '../../generated/prisma/client.js';

/**
 * Cancels a confirmed booking and records booking.cancelled in the same transaction. The
 * UPDATE's status guard makes a second (or concurrent) cancel a no-op that emits nothing;
 * it still answers 200 with the booking.
 */
export async function cancelBooking(services: Services, organizationId: string, bookingId: string) {
  const now = services.clock();
  const outcome = await services.store.transaction(async (tx) => {
    const [cancelled] = await tx.query<BookingRow>(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = $3::timestamptz
        WHERE id = $1::uuid AND organization_id = $2::uuid AND status = 'confirmed'
       RETURNING ${BOOKING_COLUMNS}`,
      [bookingId, organizationId, now.toISOString()],
    );
    if (cancelled) {
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
