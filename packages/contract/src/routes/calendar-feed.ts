import { initContract } from '@ts-rest/core';
import { CALENDAR_FEED_WINDOW_DAYS, CalendarFeedSchema } from '../schemas/calendar-feed.js';
import { HumanPathParamsSchema } from '../schemas/human.js';

const c = initContract();

export const calendarFeed = c.router({
  create: {
    method: 'POST',
    path: '/humans/:human_id/calendar-feed',
    pathParams: HumanPathParamsSchema,
    body: c.noBody(),
    responses: { 201: CalendarFeedSchema },
    summary: "Create or regenerate a human's calendar feed",
    description:
      "A secret subscription URL (<base>/feeds/<token>.ics) of the human's bookings, for any calendar app; reading " +
      'it needs no API key. The URL is shown only in this answer (only a digest of its token is kept). Calling this ' +
      'again replaces the URL: the old one answers 404 at once. The feed holds the bookings that start from ' +
      `${CALENDAR_FEED_WINDOW_DAYS} days ago on, each with the UID of GET /v1/bookings/{id}/ics and a SEQUENCE that ` +
      `rises with each change; cancelled ones stay ${CALENDAR_FEED_WINDOW_DAYS} days as STATUS:CANCELLED. It answers ` +
      'with an ETag and 304 to If-None-Match. Errors: 404 NOT_FOUND (unknown, deleted or another organization).',
  },
  revoke: {
    method: 'DELETE',
    path: '/humans/:human_id/calendar-feed',
    pathParams: HumanPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: "Revoke a human's calendar feed",
    description: 'Its URL answers 404 from now on. Errors: 404 NOT_FOUND (unknown human, or no feed to revoke).',
  },
});
