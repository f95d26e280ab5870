import type { ListBookingsQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectBookingPage } from '../../db/tables/list-pages.js';
import { keysetOf, toPage } from '../../lib/cursor.js';
import { bookingView } from './booking-view.js';

export async function listBookings({ store: { sql } }: Pick<ServiceDeps, 'store'>, organizationId: string, query: ListBookingsQuery) {
  const rows = await selectBookingPage(
    sql,
    {
      organizationId,
      humanId: query.human_id,
      status: query.status,
      startsFrom: query.starts_after ? new Date(query.starts_after) : undefined,
      startsBefore: query.starts_before ? new Date(query.starts_before) : undefined,
    },
    keysetOf(query),
  );
  return toPage(rows, query.limit, bookingView);
}
