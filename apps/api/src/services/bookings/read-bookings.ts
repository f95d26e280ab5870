import type { ListBookingsQuery } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import { notFound } from '../../lib/app-error.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { bookingView } from './booking-view.js';

/** Bookings stay readable after their human is soft-deleted (PRODUCT), so no human join. */
export async function getBooking(db: Db, organizationId: string, bookingId: string) {
  const row = await db.booking.findFirst({ where: { id: bookingId, organizationId } });
  if (!row) throw notFound('Booking');
  return bookingView(row);
}

export async function listBookings(db: Db, organizationId: string, query: ListBookingsQuery) {
  const startsAt = {
    ...(query.starts_after ? { gte: new Date(query.starts_after) } : {}),
    ...(query.starts_before ? { lt: new Date(query.starts_before) } : {}),
  };
  const rows = await db.booking.findMany({
    where: {
      organizationId,
      ...(query.human_id ? { humanId: query.human_id } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(Object.keys(startsAt).length ? { startsAt } : {}),
      ...afterCursor(query.cursor),
    },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, bookingView);
}
