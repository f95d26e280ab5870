import type { ServiceDeps } from '../deps.js';
import { notFound } from '../../lib/app-error.js';
import { bookingView } from './booking-view.js';

/** Bookings stay readable after their human is soft-deleted, so no human join. */
export async function getBooking({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string, bookingId: string) {
  const row = await db.booking.findFirst({ where: { id: bookingId, organizationId } });
  if (!row) throw notFound('Booking');
  return bookingView(row);
}
