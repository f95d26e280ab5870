import type { ListBookingsQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { bookingView } from './booking-view.js';

export async function listBookings({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string, query: ListBookingsQuery) {
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
