import { initContract } from '@ts-rest/core';
import { ErrorEnvelopeSchema } from '../errors.js';
import {
  BookingCalendarSchema,
  BookingPathParamsSchema,
  RescheduleBookingBodySchema,
  BookingSchema,
  CreateBookingBodySchema,
  CreateBookingHeadersSchema,
  CreatedBookingSchema,
  ListBookingsQuerySchema,
} from '../schemas/booking.js';
import { listOf } from '../schemas/common.js';

const c = initContract();

export const bookings = c.router({
  create: {
    method: 'POST',
    path: '/bookings',
    headers: CreateBookingHeadersSchema,
    body: CreateBookingBodySchema,
    responses: { 201: CreatedBookingSchema, 402: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
    summary: 'Book a slot',
    description:
      'Creates a confirmed booking and emits booking.confirmed. It succeeds exactly when ' +
      'the slots endpoint would list that start for that duration (quota permitting). ' +
      'Checks, in order: 422 VALIDATION_ERROR (body), 404 NOT_FOUND (human), 422 ' +
      'INVALID_DURATION, 422 VALIDATION_ERROR (starts_at in the past), 422 ' +
      'OUTSIDE_WORKING_HOURS, 422 OUTSIDE_BOOKING_WINDOW (before the minimum notice or past ' +
      'the booking horizon), 422 SCHEDULE_BLOCKED, 409 SLOT_UNAVAILABLE (taken, inside a ' +
      'buffer or over the daily maximum: re-query the slots and book another), 402 ' +
      'LIMIT_REACHED. With an Idempotency-Key, a retry with ' +
      'the same body within 24 h returns the first response; another body with the same ' +
      'key is 422 IDEMPOTENCY_KEY_REUSED. Several humans: human_ids (1-20) and mode instead ' +
      'of human_id. mode=all books every human at that start in one transaction (one booking ' +
      "each, sharing group_id; all or none; 201 with the first human's booking and every " +
      'booking in group_bookings); mode=any books the free human with the fewest confirmed ' +
      'bookings that local day (tie: the one listed first). Each booking counts against the ' +
      'quota and emits its own booking.confirmed.',
  },
  get: {
    method: 'GET',
    path: '/bookings/:booking_id',
    pathParams: BookingPathParamsSchema,
    responses: { 200: BookingSchema },
    summary: 'Retrieve a booking',
    description: 'Returns one booking, confirmed or cancelled. Errors: 404 NOT_FOUND.',
  },
  list: {
    method: 'GET',
    path: '/bookings',
    query: ListBookingsQuerySchema,
    responses: { 200: listOf(BookingSchema) },
    summary: 'List bookings',
    description:
      "Lists the organization's bookings, newest first, optionally filtered by human_id, " +
      'status and a starts_at window (starts_after inclusive, starts_before exclusive). ' +
      'Errors: 422 VALIDATION_ERROR.',
  },
  cancel: {
    method: 'DELETE',
    path: '/bookings/:booking_id',
    pathParams: BookingPathParamsSchema,
    body: c.noBody(),
    responses: { 200: BookingSchema },
    summary: 'Cancel a booking',
    description:
      'Cancels the booking, frees its slot and emits booking.cancelled; returns it with ' +
      'status "cancelled". Cancelling an already cancelled booking returns it again and ' +
      'emits nothing. Errors: 404 NOT_FOUND.',
  },
  reschedule: {
    method: 'POST',
    path: '/bookings/:booking_id/reschedule',
    pathParams: BookingPathParamsSchema,
    headers: CreateBookingHeadersSchema,
    body: RescheduleBookingBodySchema,
    responses: { 201: BookingSchema, 409: ErrorEnvelopeSchema },
    summary: 'Move a booking',
    description:
      'Books the new time and cancels the old booking in one transaction: 201 with the new ' +
      'booking (rescheduled_from = the old id); the old one gets status "cancelled" and ' +
      'rescheduled_to = the new id. Emits booking.cancelled for the old and booking.confirmed ' +
      'for the new; consumes no quota. Every booking check applies to the new time, except ' +
      'that the old booking does not block its own move. duration defaults to the old one. ' +
      'Errors: 404 NOT_FOUND (booking or its human), 409 BOOKING_CANCELLED, then the checks ' +
      'of POST /v1/bookings: 422 INVALID_DURATION, 422 VALIDATION_ERROR, 422 ' +
      'OUTSIDE_BOOKING_WINDOW, 422 OUTSIDE_WORKING_HOURS, 422 SCHEDULE_BLOCKED, 409 ' +
      'SLOT_UNAVAILABLE. With an Idempotency-Key, a retry with the same body within 24 h ' +
      'returns the first response (another body with that key: 422 IDEMPOTENCY_KEY_REUSED).',
  },
  calendar: {
    method: 'GET',
    path: '/bookings/:booking_id/ics',
    pathParams: BookingPathParamsSchema,
    responses: { 200: c.otherResponse({ contentType: 'text/calendar; charset=utf-8', body: BookingCalendarSchema }) },
    summary: 'Calendar file of a booking',
    description:
      'The booking as an iCalendar (RFC 5545) invite, text/calendar: METHOD:REQUEST with the human as ORGANIZER and the ' +
      'attendee as ATTENDEE when both have an email, METHOD:CANCEL with STATUS:CANCELLED once cancelled; without the ' +
      "attendee's email METHOD:PUBLISH (the human as ORGANIZER, no ATTENDEE, STATUS CONFIRMED or CANCELLED); without " +
      "the human's email a plain event (no ORGANIZER, so no ATTENDEE: the attendee is named in its text). The UID is stable and " +
      'shared by a booking and the bookings it was moved to, and SEQUENCE grows with every ' +
      'change, so a calendar updates the event in place. Errors: 404 NOT_FOUND.',
  },
});
