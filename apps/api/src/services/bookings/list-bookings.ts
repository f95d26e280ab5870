import type { Booking, ListBookingsQuery, Page } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectBookingPageJson } from '../../db/tables/list-pages.js';
import { jsonText } from '../../lib/json-text.js';
import { keysetOf, toPageText } from '../../lib/cursor.js';

/**
 * GET /v1/bookings: a page newest first, each booking as the JSON its row keeps (what
 * bookingView would answer), so the page is sent as that text (lib/json-text.ts).
 */
export async function listBookings({ store: { sql } }: Pick<ServiceDeps, 'store'>, organizationId: string, query: ListBookingsQuery) {
  const rows = await selectBookingPageJson(
    sql,
    {
      organizationId,
      humanId: query.human_id,
      status: query.status,
      startsFrom: query.starts_after ? new Date(query.starts_after) : undefined,
      startsBefore: query.starts_before ? new Date(query.starts_before) : undefined,
    },
    keysetOf(query, 'bookings'),
  );
  return jsonText<Page<Booking>>(toPageText(rows, query.limit, (r) => r.json, 'bookings'));
}
