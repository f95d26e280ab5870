import type { Db } from '../../db/open-store.js';
import { notFound } from '../../lib/app-error.js';
import { bookingView } from './booking-view.js';

/** Bookings stay readable after their human is soft-deleted, so no human join. */
export async function getBooking(db: Db, organizationId: string, bookingId: string) {
  const row = await db.booking.findFirst({ where: { id: bookingId, organizationId } });
  if (!row) throw notFound('Booking');
  return bookingView(row);
}
