import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServerInferResponses } from '@ts-rest/core';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { cancelBooking } from '../services/bookings/cancel-booking.js';
import { createBooking } from '../services/bookings/create-booking.js';
import { getBooking } from '../services/bookings/get-booking.js';
import { listBookings } from '../services/bookings/list-bookings.js';

const s = initServer();

export function bookingsRouter(deps: ServiceDeps) {
  const { db } = deps.store;
  return s.router(contract.bookings, {
    create: async ({ body, headers, res }) => {
      const outcome = await createBooking(deps, organizationOf(res), body, headers['idempotency-key']);
      // A replayed response is one this route produced earlier, so it is one of its
      // declared responses; the stored JSON just lost that type on the way through the DB.
      return outcome as ServerInferResponses<typeof contract.bookings.create>;
    },
    get: async ({ params, res }) => ({
      status: 200,
      body: await getBooking(db, organizationOf(res).id, params.booking_id),
    }),
    list: async ({ query, res }) => ({
      status: 200,
      body: await listBookings(db, organizationOf(res).id, query),
    }),
    cancel: async ({ params, res }) => ({
      status: 200,
      body: await cancelBooking(deps, organizationOf(res).id, params.booking_id),
    }),
  });
}
