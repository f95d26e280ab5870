import type { ErrorCode } from '@humantime/contract';
import { HumantimeError, type HumantimeErrorInit } from './humantime-error.js';
import { CalendarUnreadableError, CalendarUrlTakenError } from './calendar-errors.js';
import { BookingCancelledError, OutsideBookingWindowError } from './rule-errors.js';

// One class per contract ErrorCode. API_ERROR_CLASSES below `satisfies Record<ErrorCode, ...>`,
// so a code added to the contract without a class here is a compile error.

/**
 * 401: the API key is missing, malformed or was rotated. Never transient: fix the key.
 *
 * @example
 * import { UnauthorizedError } from '@humantime/sdk';
 * await client.usage.get().catch((err) => {
 *   if (err instanceof UnauthorizedError) console.error('check HUMANTIME_API_KEY');
 *   throw err;
 * });
 */
export class UnauthorizedError extends HumantimeError {
  override name = 'UnauthorizedError';
  declare readonly code: 'UNAUTHORIZED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('UNAUTHORIZED', init);
  }
}

/**
 * 404: no such resource in your organization (or the human was deleted).
 *
 * @example
 * import { NotFoundError } from '@humantime/sdk';
 * const human = await client.humans.get(id).catch((err) => {
 *   if (err instanceof NotFoundError) return null;
 *   throw err;
 * });
 */
export class NotFoundError extends HumantimeError {
  override name = 'NotFoundError';
  declare readonly code: 'NOT_FOUND';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('NOT_FOUND', init);
  }
}

/**
 * 409: someone booked the slot between your slots query and your booking. Re-query the
 * slots and book another one, or let `bookings.bookFirstAvailable`
 * do it for you.
 *
 * @example
 * import { SlotUnavailableError } from '@humantime/sdk';
 * try {
 *   await client.bookings.create({ human_id, starts_at, duration: 30, attendee_name: 'Ada' });
 * } catch (err) {
 *   if (err instanceof SlotUnavailableError) {
 *     // fetch the slots again and pick another start
 *   }
 * }
 */
export class SlotUnavailableError extends HumantimeError {
  override name = 'SlotUnavailableError';
  declare readonly code: 'SLOT_UNAVAILABLE';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('SLOT_UNAVAILABLE', init);
  }
}

/**
 * 422: the duration is not one of the human's meeting_durations; the message lists them.
 *
 * @example
 * import { InvalidDurationError } from '@humantime/sdk';
 * await client.humans.slots(humanId, { date_from, date_to, duration: 45 }).catch((err) => {
 *   if (err instanceof InvalidDurationError) console.error(err.message); // lists the allowed ones
 *   throw err;
 * });
 */
export class InvalidDurationError extends HumantimeError {
  override name = 'InvalidDurationError';
  declare readonly code: 'INVALID_DURATION';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('INVALID_DURATION', init);
  }
}

/**
 * 422: the start is outside working days and hours (and no open override covers it), or
 * not on the slot grid. Book a `starts_at` taken from the slots response.
 *
 * @example
 * import { OutsideWorkingHoursError } from '@humantime/sdk';
 * await client.bookings.create(params).catch((err) => {
 *   if (err instanceof OutsideWorkingHoursError) console.error('pick a listed slot');
 *   throw err;
 * });
 */
export class OutsideWorkingHoursError extends HumantimeError {
  override name = 'OutsideWorkingHoursError';
  declare readonly code: 'OUTSIDE_WORKING_HOURS';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('OUTSIDE_WORKING_HOURS', init);
  }
}

/**
 * 422: the requested time overlaps a block override (vacation, recurring meeting).
 *
 * @example
 * import { ScheduleBlockedError } from '@humantime/sdk';
 * await client.bookings.create(params).catch((err) => {
 *   if (err instanceof ScheduleBlockedError) console.error('the human is away then');
 *   throw err;
 * });
 */
export class ScheduleBlockedError extends HumantimeError {
  override name = 'ScheduleBlockedError';
  declare readonly code: 'SCHEDULE_BLOCKED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('SCHEDULE_BLOCKED', init);
  }
}

/**
 * 402: the monthly booking quota (or the plan's webhook maximum) is used up and no
 * overage was bought.
 *
 * @example
 * import { LimitReachedError } from '@humantime/sdk';
 * await client.bookings.create(params).catch(async (err) => {
 *   if (err instanceof LimitReachedError) console.error(await client.usage.get());
 *   throw err;
 * });
 */
export class LimitReachedError extends HumantimeError {
  override name = 'LimitReachedError';
  declare readonly code: 'LIMIT_REACHED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('LIMIT_REACHED', init);
  }
}

/**
 * 422: missing or malformed fields; the message names every offending field.
 *
 * @example
 * import { ValidationError } from '@humantime/sdk';
 * await client.humans.create({ name: '', timezone: 'Mars/Olympus' }).catch((err) => {
 *   if (err instanceof ValidationError) console.error(err.message); // "name: ..., timezone: ..."
 *   throw err;
 * });
 */
export class ValidationError extends HumantimeError {
  override name = 'ValidationError';
  declare readonly code: 'VALIDATION_ERROR';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('VALIDATION_ERROR', init);
  }
}

/**
 * 409: a webhook with this URL is already registered in the organization.
 *
 * @example
 * import { WebhookUrlTakenError } from '@humantime/sdk';
 * await client.webhooks.create({ url, events: ['booking.confirmed'] }).catch((err) => {
 *   if (err instanceof WebhookUrlTakenError) return null; // already registered
 *   throw err;
 * });
 */
export class WebhookUrlTakenError extends HumantimeError {
  override name = 'WebhookUrlTakenError';
  declare readonly code: 'WEBHOOK_URL_TAKEN';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('WEBHOOK_URL_TAKEN', init);
  }
}

/**
 * 422: this Idempotency-Key was already used with a different booking body. Use a new key
 * per logical booking (the SDK does, unless you pass `idempotencyKey` yourself).
 *
 * @example
 * import { IdempotencyKeyReusedError } from '@humantime/sdk';
 * await client.bookings.create(params, { idempotencyKey: orderId }).catch((err) => {
 *   if (err instanceof IdempotencyKeyReusedError) console.error('orderId reused for another booking');
 *   throw err;
 * });
 */
export class IdempotencyKeyReusedError extends HumantimeError {
  override name = 'IdempotencyKeyReusedError';
  declare readonly code: 'IDEMPOTENCY_KEY_REUSED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('IDEMPOTENCY_KEY_REUSED', init);
  }
}

/**
 * 413: the request body is over 1 MiB.
 *
 * @example
 * import { PayloadTooLargeError } from '@humantime/sdk';
 * await client.bookings.create(params).catch((err) => {
 *   if (err instanceof PayloadTooLargeError) console.error('metadata too big');
 *   throw err;
 * });
 */
export class PayloadTooLargeError extends HumantimeError {
  override name = 'PayloadTooLargeError';
  declare readonly code: 'PAYLOAD_TOO_LARGE';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('PAYLOAD_TOO_LARGE', init);
  }
}

/**
 * 429: too many requests. The SDK already retried it (honouring `Retry-After`) up to
 * `maxRetries` times; `retryAfterSeconds` is the server's last hint, or null.
 *
 * @example
 * import { RateLimitedError } from '@humantime/sdk';
 * await client.humans.list().catch((err) => {
 *   if (err instanceof RateLimitedError) console.warn('retry in', err.retryAfterSeconds, 's');
 *   throw err;
 * });
 */
export class RateLimitedError extends HumantimeError {
  override name = 'RateLimitedError';
  declare readonly code: 'RATE_LIMITED';
  declare readonly status: number;
  readonly retryAfterSeconds: number | null;
  constructor(init: HumantimeErrorInit) {
    super('RATE_LIMITED', init);
    this.retryAfterSeconds = retryAfterSecondsOf(init.headers);
  }
}

/** Retry-After in seconds, or null when absent or not a number of seconds. */
function retryAfterSecondsOf(headers: HumantimeErrorInit['headers']): number | null {
  const header = headers?.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * 5xx: the server failed. Retried automatically for requests that are safe to repeat.
 *
 * @example
 * import { InternalServerError } from '@humantime/sdk';
 * await client.usage.get().catch((err) => {
 *   if (err instanceof InternalServerError) console.error('server error, request id', err.requestId);
 *   throw err;
 * });
 */
export class InternalServerError extends HumantimeError {
  override name = 'InternalServerError';
  declare readonly code: 'INTERNAL_ERROR';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('INTERNAL_ERROR', init);
  }
}

/**
 * 409: a manual retry of a delivery whose automatic attempts are still under way; wait for
 * it to end as delivered or failed (see `webhooks.deliveries`), then retry.
 *
 * @example
 * import { DeliveryPendingError } from '@humantime/sdk';
 * await client.webhooks.retryDelivery(webhookId, deliveryId).catch((err) => {
 *   if (err instanceof DeliveryPendingError) return null; // already being attempted
 *   throw err;
 * });
 */
export class DeliveryPendingError extends HumantimeError {
  override name = 'DeliveryPendingError';
  declare readonly code: 'DELIVERY_PENDING';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('DELIVERY_PENDING', init);
  }
}

/**
 * 501: the server declares this route but does not implement it yet. Never retried.
 *
 * @example
 * import { NotImplementedError } from '@humantime/sdk';
 * await client.webhooks.deliveries(webhookId).catch((err) => {
 *   if (err instanceof NotImplementedError) console.warn('server too old for this call');
 *   throw err;
 * });
 */
export class NotImplementedError extends HumantimeError {
  override name = 'NotImplementedError';
  declare readonly code: 'NOT_IMPLEMENTED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('NOT_IMPLEMENTED', init);
  }
}

/**
 * 503: the service cannot reach its database right now (a restart or failover). Retried
 * automatically, honouring `Retry-After`, for requests that are safe to repeat: every GET,
 * PUT, PATCH and DELETE, and a booking, which always carries an Idempotency-Key, so a retry
 * either replays the booking that was made or makes it once. `retryAfterSeconds` is the
 * server's last hint, or null.
 *
 * @example
 * import { ServiceUnavailableError } from '@humantime/sdk';
 * await client.bookings.create(body, { idempotencyKey: orderId }).catch((err) => {
 *   if (err instanceof ServiceUnavailableError) return retryLater(orderId, err.retryAfterSeconds);
 *   throw err;
 * });
 */
export class ServiceUnavailableError extends HumantimeError {
  override name = 'ServiceUnavailableError';
  declare readonly code: 'SERVICE_UNAVAILABLE';
  declare readonly status: number;
  readonly retryAfterSeconds: number | null;
  constructor(init: HumantimeErrorInit) {
    super('SERVICE_UNAVAILABLE', init);
    this.retryAfterSeconds = retryAfterSecondsOf(init.headers);
  }
}

/**
 * The class for each API error code.
 *
 * @example
 * import { API_ERROR_CLASSES } from '@humantime/sdk';
 * API_ERROR_CLASSES.SLOT_UNAVAILABLE.name; // 'SlotUnavailableError'
 */
export const API_ERROR_CLASSES = {
  UNAUTHORIZED: UnauthorizedError,
  NOT_FOUND: NotFoundError,
  SLOT_UNAVAILABLE: SlotUnavailableError,
  INVALID_DURATION: InvalidDurationError,
  OUTSIDE_WORKING_HOURS: OutsideWorkingHoursError,
  SCHEDULE_BLOCKED: ScheduleBlockedError,
  LIMIT_REACHED: LimitReachedError,
  VALIDATION_ERROR: ValidationError,
  WEBHOOK_URL_TAKEN: WebhookUrlTakenError,
  IDEMPOTENCY_KEY_REUSED: IdempotencyKeyReusedError,
  PAYLOAD_TOO_LARGE: PayloadTooLargeError,
  RATE_LIMITED: RateLimitedError,
  INTERNAL_ERROR: InternalServerError,
  DELIVERY_PENDING: DeliveryPendingError,
  NOT_IMPLEMENTED: NotImplementedError,
  OUTSIDE_BOOKING_WINDOW: OutsideBookingWindowError,
  BOOKING_CANCELLED: BookingCancelledError,
  SERVICE_UNAVAILABLE: ServiceUnavailableError,
  CALENDAR_UNREADABLE: CalendarUnreadableError,
  CALENDAR_URL_TAKEN: CalendarUrlTakenError,
} as const satisfies Record<ErrorCode, new (init: HumantimeErrorInit) => HumantimeError>;
