// The public surface of @humantime/sdk. Every export carries JSDoc with an @example
// (enforced by src/public-api.test.ts).

export { Humantime } from './client.js';
export type { HumantimeOptions, RequestOptions, CreateBookingOptions } from './options.js';

export type { HumansResource } from './resources/humans.js';
export type { CalendarsResource } from './resources/calendars.js';
export type { OverridesResource } from './resources/overrides.js';
export type { BookingsResource } from './resources/bookings.js';
export type { HoldsResource } from './resources/holds.js';
export type { SlotsResource } from './resources/slots.js';
export type { SuggestionsResource } from './resources/suggestions.js';
export type { BookFirstAvailableParams } from './resources/book-first-available.js';
export type { WebhooksResource } from './resources/webhooks.js';
export type { UsageResource } from './resources/usage.js';
export type { EventsResource } from './resources/events.js';
export type { CalendarFeedResource } from './resources/calendar-feed.js';
export type { ListPromise } from './paging/list-promise.js';

export {
  HumantimeError,
  HumantimeConnectionError,
  HumantimeTimeoutError,
  HumantimeAbortError,
  NoSlotAvailableError,
  WebhookSignatureError,
} from './errors/humantime-error.js';
export type {
  HumantimeErrorCode,
  HumantimeErrorInit,
  SdkErrorCode,
  NoSlotAvailableReason,
  WebhookSignatureFailure,
} from './errors/humantime-error.js';
export {
  API_ERROR_CLASSES,
  UnauthorizedError,
  NotFoundError,
  SlotUnavailableError,
  InvalidDurationError,
  OutsideWorkingHoursError,
  ScheduleBlockedError,
  LimitReachedError,
  ValidationError,
  WebhookUrlTakenError,
  IdempotencyKeyReusedError,
  PayloadTooLargeError,
  RateLimitedError,
  InternalServerError,
  DeliveryPendingError,
  NotImplementedError,
  ServiceUnavailableError,
} from './errors/api-errors.js';
export { CalendarUnreadableError, CalendarUrlTakenError } from './errors/calendar-errors.js';
export { OutsideBookingWindowError, BookingCancelledError } from './errors/rule-errors.js';
export { isHumantimeError, type HumantimeErrorByCode } from './errors/is-humantime-error.js';

export { verifyWebhook, WEBHOOK_SIGNATURE_HEADER, type VerifyWebhookOptions } from './webhooks/verify-webhook.js';
export { signWebhook, type SignWebhookOptions } from './webhooks/sign-webhook.js';

export type * from './types.js';
