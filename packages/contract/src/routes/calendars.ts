import { initContract } from '@ts-rest/core';
import { ErrorEnvelopeSchema } from '../errors.js';
import { CalendarPathParamsSchema, CalendarSchema, CreateCalendarBodySchema } from '../schemas/calendar.js';
import { ListQuery, listOf } from '../schemas/common.js';
import { HumanPathParamsSchema } from '../schemas/human.js';

const c = initContract();

export const calendars = c.router({
  create: {
    method: 'POST',
    path: '/humans/:human_id/calendars',
    pathParams: HumanPathParamsSchema,
    body: CreateCalendarBodySchema,
    responses: { 201: CalendarSchema, 402: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
    summary: "Connect a human's own calendar",
    description:
      "Connects an iCalendar feed or a CalDAV calendar whose busy time then blocks the human's slots like a booking. " +
      'The first read runs inside the request (10 s at most): 201 only when the calendar was read; the kind is detected. ' +
      'Credentials and the URL are kept encrypted and never returned. Errors: 422 CALENDAR_UNREADABLE (what failed: an HTTP ' +
      'status, a timeout, refused credentials, not iCalendar, too large; nothing kept), 409 CALENDAR_URL_TAKEN, 402 ' +
      'LIMIT_REACHED (10 a human), 404 NOT_FOUND, 422 VALIDATION_ERROR (a private address, write_bookings on a feed).',
  },
  list: {
    method: 'GET',
    path: '/humans/:human_id/calendars',
    pathParams: HumanPathParamsSchema,
    query: ListQuery,
    responses: { 200: listOf(CalendarSchema) },
    summary: "List a human's calendars",
    description: 'Newest first, with each status and last error; paged like every list (limit, cursor). Errors: 404 NOT_FOUND.',
  },
  get: {
    method: 'GET',
    path: '/humans/:human_id/calendars/:calendar_id',
    pathParams: CalendarPathParamsSchema,
    responses: { 200: CalendarSchema },
    summary: 'Get a calendar',
    description: 'Errors: 404 NOT_FOUND.',
  },
  delete: {
    method: 'DELETE',
    path: '/humans/:human_id/calendars/:calendar_id',
    pathParams: CalendarPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Disconnect a calendar',
    description: 'Its busy time stops counting at once. Errors: 404 NOT_FOUND.',
  },
  sync: {
    method: 'POST',
    path: '/humans/:human_id/calendars/:calendar_id/sync',
    pathParams: CalendarPathParamsSchema,
    body: c.noBody(),
    responses: { 200: CalendarSchema },
    summary: 'Read a calendar now',
    description:
      'Reads the calendar now and answers it after the read; a failed read still answers 200, with status "error" and ' +
      'last_error (the busy time of the last good read keeps counting). Errors: 404 NOT_FOUND.',
  },
});
