import { initContract } from '@ts-rest/core';
import { ListQuery, listOf } from '../schemas/common.js';
import { AvailabilitySchema, SetAvailabilityBodySchema } from '../schemas/availability.js';
import { CreateHumanBodySchema, HumanPathParamsSchema, HumanSchema, UpdateHumanBodySchema } from '../schemas/human.js';
import { BusyQuerySchema, BusyResponseSchema } from '../schemas/calendar.js';
import { CheckQuerySchema, CheckResultSchema } from '../schemas/check.js';
import { SlotsQuerySchema, SlotsResponseSchema } from '../schemas/slot.js';
import { NEXT_OPEN_LOOKAHEAD_DAYS, OFFSET_CHANGE_LOOKAHEAD_DAYS, TimeContextSchema } from '../schemas/time.js';

const c = initContract();

export const humans = c.router({
  create: {
    method: 'POST',
    path: '/humans',
    body: CreateHumanBodySchema,
    responses: { 201: HumanSchema },
    summary: 'Create a human',
    description:
      'Creates a person whose time can be booked. `timezone` is an IANA name; work hours are ' +
      'read in it. Without `availability` the schedule defaults to Monday-Friday, ' +
      '09:00-17:00, meeting_durations [30]. Errors: 422 VALIDATION_ERROR.',
  },
  list: {
    method: 'GET',
    path: '/humans',
    query: ListQuery,
    responses: { 200: listOf(HumanSchema) },
    summary: 'List humans',
    description:
      "Lists the organization's humans, newest first, excluding deleted ones. Page with " +
      '`limit` (1-100, default 50) and the `next_cursor` of the previous page.',
  },
  get: {
    method: 'GET',
    path: '/humans/:human_id',
    pathParams: HumanPathParamsSchema,
    responses: { 200: HumanSchema },
    summary: 'Retrieve a human',
    description: 'Returns one human. Errors: 404 NOT_FOUND (unknown, deleted or another organization).',
  },
  update: {
    method: 'PATCH',
    path: '/humans/:human_id',
    pathParams: HumanPathParamsSchema,
    body: UpdateHumanBodySchema,
    responses: { 200: HumanSchema },
    summary: 'Update a human',
    description:
      'Changes any of name, email, role and timezone; fields not sent stay as they are, and ' +
      'null clears email or role. The schedule is changed with PUT .../availability. ' +
      'Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
  delete: {
    method: 'DELETE',
    path: '/humans/:human_id',
    pathParams: HumanPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a human',
    description:
      'Soft-deletes the human: afterwards every route answers 404 NOT_FOUND for it. Its ' +
      'existing bookings stay readable and cancellable. Errors: 404 NOT_FOUND.',
  },
  getAvailability: {
    method: 'GET',
    path: '/humans/:human_id/availability',
    pathParams: HumanPathParamsSchema,
    responses: { 200: AvailabilitySchema },
    summary: "Retrieve a human's weekly schedule",
    description: 'Returns the base weekly schedule (overrides not applied). Errors: 404 NOT_FOUND.',
  },
  setAvailability: {
    method: 'PUT',
    path: '/humans/:human_id/availability',
    pathParams: HumanPathParamsSchema,
    body: SetAvailabilityBodySchema,
    responses: { 200: AvailabilitySchema },
    summary: "Replace a human's weekly schedule",
    description:
      'Replaces the base weekly schedule; all four fields are required. working_days: ' +
      'unique weekdays 1 (Monday) to 7 (Sunday). work_start < work_end, both HH:MM in the ' +
      "human's timezone (no overnight shifts). meeting_durations: 1-20 unique minutes, each " +
      '5-480. Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
  slots: {
    method: 'GET',
    path: '/humans/:human_id/slots',
    pathParams: HumanPathParamsSchema,
    query: SlotsQuerySchema,
    responses: { 200: SlotsResponseSchema },
    summary: "List a human's open slots",
    description:
      'Returns the bookable slots between date_from and date_to (inclusive dates in the ' +
      "human's timezone, at most 62 dates) for one of the human's meeting_durations. Slots " +
      'lie in working hours or open overrides, avoid block overrides and confirmed bookings, ' +
      'start in the future and are sorted ascending; starts_at can be booked as-is. In place ' +
      'of the dates, `when` takes a window in plain English ("tomorrow afternoon"), read in the ' +
      "human's timezone and echoed as interpreted_as; only starts inside it are listed. " +
      'Errors: 404 NOT_FOUND, 422 INVALID_DURATION, 422 VALIDATION_ERROR (`when` unreadable or given with dates).',
  },
  check: {
    method: 'GET',
    path: '/humans/:human_id/check',
    pathParams: HumanPathParamsSchema,
    query: CheckQuerySchema,
    responses: { 200: CheckResultSchema },
    summary: 'Check whether a start would book',
    description:
      'Judges starts_at + duration exactly as POST /v1/bookings would now (same data, same ' +
      'checks in the same order; quota aside) without booking. When not bookable, `code` is ' +
      'the refusal the booking would get (INVALID_DURATION, VALIDATION_ERROR for a past ' +
      'start, OUTSIDE_WORKING_HOURS, SCHEDULE_BLOCKED, SLOT_UNAVAILABLE), `message` says why, ' +
      'and `alternatives` lists up to 3 bookable starts nearest to it (within 30 days either ' +
      'side). Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR (malformed query).',
  },
  time: {
    method: 'GET',
    path: '/humans/:human_id/time',
    pathParams: HumanPathParamsSchema,
    responses: { 200: TimeContextSchema },
    summary: "A human's local time now, and whether they are at work",
    description:
      'What to know before saying "today" or "tomorrow" to or about a human: `now` (UTC), ' +
      'the timezone, its `utc_offset` (±HH:MM), `local`, the wall time as one line ' +
      '("Tue 2026-11-24 15:04 Europe/Berlin (+01:00)"), and `next_offset_change` ({at, from, ' +
      `to}, the next DST change within ${OFFSET_CHANGE_LOOKAHEAD_DAYS} days, or null). \`open_now\` is true ` +
      'inside working hours or an open override and outside every block override; it says ' +
      'the person is at work, not that the time is bookable (bookings, holds, buffers, notice ' +
      'and the other rules play no part). `next_open_at` is when the next stretch of open time ' +
      'begins (open time that only touches, as across midnight, is one stretch; when ' +
      'open_now, the first one after the current stretch ends, so a lunch block makes the ' +
      `afternoon the next opening), if it begins within ${NEXT_OPEN_LOOKAHEAD_DAYS} days (${NEXT_OPEN_LOOKAHEAD_DAYS * 24} hours); ` +
      'otherwise null. Errors: 404 NOT_FOUND (unknown, deleted or another organization).',
  },
  busy: {
    method: 'GET',
    path: '/humans/:human_id/busy',
    pathParams: HumanPathParamsSchema,
    query: BusyQuerySchema,
    responses: { 200: BusyResponseSchema },
    summary: 'Why times are taken',
    description:
      "The human's busy time between two instants (at most 62 days apart), ascending: confirmed bookings, live holds " +
      'and the busy time of their connected calendars (with calendar_id), each as its own start and end. It says that a ' +
      'time is taken and by what kind of thing, never what the person does then. Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
});
