import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServerInferResponses } from '@ts-rest/core';
import { organizationOf, schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { BookingDates, CachedSchedules } from '../services/schedule/cached-schedules.js';
import { bookingCalendar } from '../services/bookings/booking-calendar.js';
import { cancelBooking } from '../services/bookings/cancel-booking.js';
import { createBooking } from '../services/bookings/create-booking.js';
import { getBooking } from '../services/bookings/get-booking.js';
import { listBookings } from '../services/bookings/list-bookings.js';
import { rescheduleBooking } from '../services/bookings/reschedule-booking.js';
import { idempotentAnswer } from './idempotent-answer.js';

const s = initServer();

export function bookingsRouter(deps: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract.bookings, {
    create: async ({ body, headers, res }) => {
      const org = organizationOf(res);
      const reads = {
        read: schedulesFor(res, schedules),
        remembered: (humanId: string, dates: BookingDates) => schedules.remembered(org.id, humanId, dates),
      };
      const outcome = await createBooking({ ...deps, schedules: reads }, org, body, headers['idempotency-key']);
      // A replayed response is one this route produced earlier, so it is one of its
      // declared responses; the stored JSON just lost that type on the way through the DB.
      return idempotentAnswer(res, outcome) as ServerInferResponses<typeof contract.bookings.create>;
    },
    get: async ({ params, res }) => ({
      status: 200,
      body: await getBooking(deps, organizationOf(res).id, params.booking_id),
    }),
    list: async ({ query, res }) => ({
      status: 200,
      body: await listBookings(deps, organizationOf(res).id, query),
    }),
    cancel: async ({ params, res }) => ({
      status: 200,
      body: await cancelBooking(deps, organizationOf(res).id, params.booking_id),
    }),
    reschedule: async ({ params, body, headers, res }) => {
      const outcome = await rescheduleBooking(deps, organizationOf(res).id, {
        bookingId: params.booking_id,
        body,
        idempotencyKey: headers['idempotency-key'],
      });
      // As for create: a replayed response is one this route produced earlier.
      return idempotentAnswer(res, outcome) as ServerInferResponses<typeof contract.bookings.reschedule>;
    },
    calendar: async ({ params, res }) => {
      const text = await bookingCalendar(deps, organizationOf(res).id, params.booking_id);
      res.setHeader('Content-Disposition', `attachment; filename="booking-${params.booking_id}.ics"`);
      return { status: 200, body: text };
    },
  });
}
