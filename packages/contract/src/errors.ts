import { z } from 'zod';

/**
 * Every error code the API can answer with. Codes are stable: clients branch
 * on them, so a code is only ever added here, never renamed or removed.
 */
export const ERROR_CODES = [
  // The first ones: authentication, lookups, booking refusals, validation.
  'UNAUTHORIZED',
  'NOT_FOUND',
  'SLOT_UNAVAILABLE',
  'INVALID_DURATION',
  'OUTSIDE_WORKING_HOURS',
  'SCHEDULE_BLOCKED',
  'LIMIT_REACHED',
  'VALIDATION_ERROR',
  // Transport, limits and failures.
  'WEBHOOK_URL_TAKEN',
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  // A start before the human's minimum notice or past their booking horizon.
  'OUTSIDE_BOOKING_WINDOW',
  // A cancelled (or already rescheduled) booking cannot be moved.
  'BOOKING_CANCELLED',
  // A manual retry of a delivery whose automatic attempts are still under way.
  'DELIVERY_PENDING',
  // For a route a contract declares and a server does not implement. Every /v1 route has a
  // handler, so this service never answers it; kept because codes are never removed.
  'NOT_IMPLEMENTED',
  // The database cannot be reached right now (a restart, a failover): retry after Retry-After,
  // with the same Idempotency-Key for a booking.
  'SERVICE_UNAVAILABLE',
  // A calendar could not be read when it was added (the message says what failed); nothing kept.
  'CALENDAR_UNREADABLE',
  // The same calendar URL is already connected to that human.
  'CALENDAR_URL_TAKEN',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status that goes with each code; the envelope's `status` always equals it. */
export const ERROR_STATUS = {
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  SLOT_UNAVAILABLE: 409,
  INVALID_DURATION: 422,
  OUTSIDE_WORKING_HOURS: 422,
  SCHEDULE_BLOCKED: 422,
  LIMIT_REACHED: 402,
  VALIDATION_ERROR: 422,
  WEBHOOK_URL_TAKEN: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  OUTSIDE_BOOKING_WINDOW: 422,
  BOOKING_CANCELLED: 409,
  DELIVERY_PENDING: 409,
  NOT_IMPLEMENTED: 501,
  SERVICE_UNAVAILABLE: 503,
  CALENDAR_UNREADABLE: 422,
  CALENDAR_URL_TAKEN: 409,
} as const satisfies Record<ErrorCode, number>;

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** `{ "error": { "code", "message", "status" } }`, for every error response. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: ErrorCodeSchema.describe('Stable machine-readable identifier; branch on this.'),
      message: z.string().describe('Human-readable explanation; may change between releases.'),
      status: z.number().int().describe('Equal to the HTTP status of the response.'),
    }),
  })
  .describe('Error envelope');

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** An envelope whose `code` and `status` are narrowed to the given code. */
export type ErrorEnvelopeOf<C extends ErrorCode> = {
  error: { code: C; message: string; status: (typeof ERROR_STATUS)[C] };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Builds the envelope for a code, taking the status from ERROR_STATUS so the two can never
 * disagree.
 *
 * @example
 * errorEnvelope('NOT_FOUND', 'No human with id 6f1c...')
 * // { error: { code: 'NOT_FOUND', message: 'No human with id 6f1c...', status: 404 } }
 */
export function errorEnvelope<C extends ErrorCode>(code: C, message: string): ErrorEnvelopeOf<C> {
  return { error: { code, message, status: ERROR_STATUS[code] } };
}
