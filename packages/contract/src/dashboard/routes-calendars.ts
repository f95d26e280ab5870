import { initContract } from '@ts-rest/core';
import { CalendarPathParamsSchema, CalendarSchema, CreateCalendarBodySchema } from '../schemas/calendar.js';
import { CalendarFeedSchema } from '../schemas/calendar-feed.js';
import { listOf } from '../schemas/common.js';
import { HumanPathParamsSchema } from '../schemas/human.js';
import { DashboardErrorEnvelopeSchema } from './errors.js';
import { CalendarFeedStatusSchema } from './schemas.js';

const c = initContract();

// A human's own calendars and the subscription feed of their bookings, for the calendar
// section of the human's page. Bodies and answers are the /v1 ones.

export const calendars = c.router({
  list: {
    method: 'GET',
    path: '/humans/:human_id/calendars',
    pathParams: HumanPathParamsSchema,
    responses: { 200: listOf(CalendarSchema) },
    summary: "A human's calendars",
    description:
      'As GET /v1/humans/{id}/calendars: newest first, each with its status and last error, all of them (at most 10) on one page. Errors: 404 NOT_FOUND.',
  },
  create: {
    method: 'POST',
    path: '/humans/:human_id/calendars',
    pathParams: HumanPathParamsSchema,
    body: CreateCalendarBodySchema,
    responses: { 201: CalendarSchema, 402: DashboardErrorEnvelopeSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Add a calendar',
    description:
      'As POST /v1/humans/{id}/calendars: read once inside the request and kept only when that read succeeded. ' +
      'Errors: 422 CALENDAR_UNREADABLE (the message says what failed), 409 CALENDAR_URL_TAKEN, 402 LIMIT_REACHED ' +
      '(10 a human), 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
  delete: {
    method: 'DELETE',
    path: '/humans/:human_id/calendars/:calendar_id',
    pathParams: CalendarPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Remove a calendar',
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
      'As POST /v1/humans/{id}/calendars/{calendar_id}/sync: answers after the read; a failed read is still 200, with ' +
      'status "error" and last_error. Errors: 404 NOT_FOUND.',
  },
});

export const calendarFeed = c.router({
  get: {
    method: 'GET',
    path: '/humans/:human_id/calendar-feed',
    pathParams: HumanPathParamsSchema,
    responses: { 200: CalendarFeedStatusSchema },
    summary: "Whether a human's subscription link is active",
    description: 'Since when the current link works, or null without one; never the link itself. Errors: 404 NOT_FOUND.',
  },
  create: {
    method: 'POST',
    path: '/humans/:human_id/calendar-feed',
    pathParams: HumanPathParamsSchema,
    body: c.noBody(),
    responses: { 201: CalendarFeedSchema },
    summary: 'Create or regenerate the subscription link',
    description:
      'As POST /v1/humans/{id}/calendar-feed: the URL is in this answer only; calling again replaces it and the old ' +
      'one answers 404 at once. Errors: 404 NOT_FOUND.',
  },
  revoke: {
    method: 'DELETE',
    path: '/humans/:human_id/calendar-feed',
    pathParams: HumanPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Revoke the subscription link',
    description: 'The link answers 404 from now on. Errors: 404 NOT_FOUND (unknown human, or no link to revoke).',
  },
});
