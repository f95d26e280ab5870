import { initContract } from '@ts-rest/core';
import { ErrorEnvelopeSchema } from '../errors.js';
import { BookingSchema, CreateBookingHeadersSchema } from '../schemas/booking.js';
import { ConfirmHoldBodySchema, CreateHoldBodySchema, HoldPathParamsSchema, HoldSchema } from '../schemas/hold.js';

const c = initContract();

export const holds = c.router({
  create: {
    method: 'POST',
    path: '/holds',
    headers: CreateBookingHeadersSchema,
    body: CreateHoldBodySchema,
    responses: { 201: HoldSchema, 402: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
    summary: 'Hold a slot',
    description:
      'Keeps a start for a few minutes (ttl_seconds, 30-900, default 300) while you ask ' +
      'someone: until expires_at, or until released or confirmed, the held time is not ' +
      'listed and other bookings and holds of it get 409 SLOT_UNAVAILABLE. A hold is judged ' +
      'like a booking: 422 VALIDATION_ERROR, 404 NOT_FOUND (human), 422 INVALID_DURATION, ' +
      '422 OUTSIDE_WORKING_HOURS, 422 OUTSIDE_BOOKING_WINDOW, 422 SCHEDULE_BLOCKED, 409 ' +
      'SLOT_UNAVAILABLE, then 402 LIMIT_REACHED beyond 100 live holds per organization. ' +
      'Consumes no quota and emits no event. With an Idempotency-Key, a retry with the same ' +
      'body within 24 h returns the first response, so a lost answer never leaves a second ' +
      'hold (another body with that key: 422 IDEMPOTENCY_KEY_REUSED).',
  },
  get: {
    method: 'GET',
    path: '/holds/:hold_id',
    pathParams: HoldPathParamsSchema,
    responses: { 200: HoldSchema },
    summary: 'Retrieve a hold',
    description: 'Returns a live hold. Errors: 404 NOT_FOUND (unknown, expired, released or confirmed).',
  },
  confirm: {
    method: 'POST',
    path: '/holds/:hold_id/confirm',
    pathParams: HoldPathParamsSchema,
    headers: CreateBookingHeadersSchema,
    body: ConfirmHoldBodySchema,
    responses: { 201: BookingSchema, 402: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
    summary: 'Confirm a hold',
    description:
      'Books the held time: 201 with the booking, booking.confirmed emitted, quota counted ' +
      'now. Every check of POST /v1/bookings runs again at this moment (the human may have ' +
      'changed hours, the day may be full), except that the hold does not block itself; a ' +
      'refused confirm leaves the hold as it was. Errors: 404 NOT_FOUND (unknown, expired, ' +
      'released or already confirmed hold), then the checks of POST /v1/bookings: 422 ' +
      'INVALID_DURATION, 422 VALIDATION_ERROR, 422 OUTSIDE_BOOKING_WINDOW, 422 ' +
      'OUTSIDE_WORKING_HOURS, 422 SCHEDULE_BLOCKED, 409 SLOT_UNAVAILABLE, 402 LIMIT_REACHED. ' +
      'With an Idempotency-Key, a retry with the same body within 24 h returns the first ' +
      'response (another body with that key: 422 IDEMPOTENCY_KEY_REUSED).',
  },
  release: {
    method: 'DELETE',
    path: '/holds/:hold_id',
    pathParams: HoldPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Release a hold',
    description: 'Frees the held time at once. Errors: 404 NOT_FOUND (unknown, expired, released or confirmed).',
  },
});
