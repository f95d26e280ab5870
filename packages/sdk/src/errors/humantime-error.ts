import type { ErrorCode } from '@humantime/contract';

/**
 * Codes the SDK produces itself, for failures that never reached (or never came from) the
 * API's error envelope. The API's own codes are the contract's `ErrorCode`.
 *
 * @example
 * import { isHumantimeError, type SdkErrorCode } from '@humantime/sdk';
 * const transient: SdkErrorCode[] = ['CONNECTION_ERROR', 'TIMEOUT'];
 * const retryLater = (err: unknown) => isHumantimeError(err) && transient.includes(err.code as SdkErrorCode);
 */
export type SdkErrorCode =
  'CONNECTION_ERROR' | 'TIMEOUT' | 'ABORTED' | 'UNEXPECTED_RESPONSE' | 'NO_SLOT_AVAILABLE' | 'WEBHOOK_SIGNATURE_INVALID';

/**
 * Every `code` an {@link HumantimeError} can carry: the API's stable codes plus the SDK's own.
 * The `string & {}` arm keeps a code added by a newer server intact (and typed as a string)
 * instead of pretending it cannot happen; editors still autocomplete the known codes.
 *
 * @example
 * import type { HumantimeErrorCode } from '@humantime/sdk';
 * const retryLater: HumantimeErrorCode[] = ['RATE_LIMITED', 'TIMEOUT', 'CONNECTION_ERROR'];
 */
export type HumantimeErrorCode = ErrorCode | SdkErrorCode | (string & {});

/**
 * What every error class is built from; useful to build errors in your own tests.
 *
 * @example
 * import { SlotUnavailableError, type HumantimeErrorInit } from '@humantime/sdk';
 * const init: HumantimeErrorInit = { message: 'Slot taken', status: 409, requestId: 'req_1' };
 * const fake = new SlotUnavailableError(init); // e.g. to test your retry logic
 */
export interface HumantimeErrorInit {
  message: string;
  status?: number | null;
  requestId?: string | null;
  raw?: unknown;
  headers?: Headers | null;
  cause?: unknown;
}

// A registered symbol survives two copies of the SDK in one process (the ESM and the CJS
// build, or two versions), where `instanceof` would not.
const BRAND = Symbol.for('humantime.sdk.error');

/**
 * The one base class of every error the SDK throws from an API call or a webhook check.
 * Branch on `code` (stable), not on `message` (may change). `status` is the HTTP status,
 * or null when no response came (connection errors, timeouts, local checks). `requestId`
 * is the response's `X-Request-Id`: quote it when asking for support. `raw` is the response
 * body as received (the parsed envelope, or the text of a non-JSON body).
 *
 * @example
 * import { HumantimeError } from '@humantime/sdk';
 * try {
 *   await client.bookings.get(bookingId);
 * } catch (err) {
 *   if (err instanceof HumantimeError) {
 *     console.error(err.code, err.status, err.message, err.requestId);
 *   }
 *   throw err;
 * }
 */
export class HumantimeError extends Error {
  override name = 'HumantimeError';
  readonly code: HumantimeErrorCode;
  readonly status: number | null;
  readonly requestId: string | null;
  readonly raw: unknown;
  readonly headers: Headers | null;

  constructor(code: HumantimeErrorCode, init: HumantimeErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.status = init.status ?? null;
    this.requestId = init.requestId ?? null;
    this.raw = init.raw;
    this.headers = init.headers ?? null;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** True for any HumantimeError, from this copy of the SDK or another one loaded beside it. */
export function hasHumantimeBrand(value: unknown): value is HumantimeError {
  return (
    value instanceof HumantimeError || (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true)
  );
}

/**
 * The request never got an HTTP answer: DNS failure, refused or reset connection, TLS
 * error. `cause` holds the runtime's original error. Retried automatically when safe (see
 * the README's retry rules).
 *
 * @example
 * import { HumantimeConnectionError } from '@humantime/sdk';
 * try {
 *   await client.usage.get();
 * } catch (err) {
 *   if (err instanceof HumantimeConnectionError) console.error('API unreachable:', err.cause);
 * }
 */
export class HumantimeConnectionError extends HumantimeError {
  override name = 'HumantimeConnectionError';
  declare readonly code: 'CONNECTION_ERROR';
  declare readonly status: null;
  constructor(init: HumantimeErrorInit) {
    super('CONNECTION_ERROR', { ...init, status: null });
  }
}

/**
 * No complete answer within `timeoutMs` (per attempt). For a request that is not safe to
 * repeat (a POST without an Idempotency-Key) the server may still have carried it out.
 *
 * @example
 * import { Humantime, HumantimeTimeoutError } from '@humantime/sdk';
 * const client = new Humantime({ apiKey, baseUrl, timeoutMs: 5_000 });
 * try {
 *   await client.humans.list();
 * } catch (err) {
 *   if (err instanceof HumantimeTimeoutError) console.error('slow API:', err.message);
 * }
 */
export class HumantimeTimeoutError extends HumantimeError {
  override name = 'HumantimeTimeoutError';
  declare readonly code: 'TIMEOUT';
  declare readonly status: null;
  constructor(init: HumantimeErrorInit) {
    super('TIMEOUT', { ...init, status: null });
  }
}

/**
 * The caller's `signal` aborted the request (or the wait before a retry). Never retried.
 * `cause` is the signal's reason.
 *
 * @example
 * import { HumantimeAbortError } from '@humantime/sdk';
 * const controller = new AbortController();
 * const pending = client.humans.list({}, { signal: controller.signal });
 * controller.abort();
 * await pending.catch((err) => console.log(err instanceof HumantimeAbortError)); // true
 */
export class HumantimeAbortError extends HumantimeError {
  override name = 'HumantimeAbortError';
  declare readonly code: 'ABORTED';
  declare readonly status: null;
  constructor(init: HumantimeErrorInit) {
    super('ABORTED', { ...init, status: null });
  }
}

/**
 * Why {@link NoSlotAvailableError} was thrown: nothing (untried) was listed in the range, or
 * every one of `maxAttempts` bookings lost its race.
 *
 * @example
 * import type { NoSlotAvailableReason } from '@humantime/sdk';
 * const widenRange = (reason: NoSlotAvailableReason) => reason === 'no_slots_listed';
 */
export type NoSlotAvailableReason = 'no_slots_listed' | 'attempts_exhausted';

/**
 * Thrown by `bookings.bookFirstAvailable` when it could not book: either no (untried) slot
 * is listed in the range, or every one of its `maxAttempts` bookings lost a race (409).
 * `tried` lists the starts it attempted, in order.
 *
 * @example
 * import { NoSlotAvailableError } from '@humantime/sdk';
 * try {
 *   await client.bookings.bookFirstAvailable({ human_id, date_from, date_to, duration: 30, attendee_name: 'Ada' });
 * } catch (err) {
 *   if (err instanceof NoSlotAvailableError) console.log(err.reason, err.tried);
 * }
 */
export class NoSlotAvailableError extends HumantimeError {
  override name = 'NoSlotAvailableError';
  declare readonly code: 'NO_SLOT_AVAILABLE';
  declare readonly status: null;
  readonly reason: NoSlotAvailableReason;
  readonly tried: readonly string[];
  constructor(init: HumantimeErrorInit & { reason: NoSlotAvailableReason; tried: readonly string[] }) {
    super('NO_SLOT_AVAILABLE', { ...init, status: null });
    this.reason = init.reason;
    this.tried = init.tried;
  }
}

/**
 * What was wrong with a webhook delivery, as {@link WebhookSignatureError.reason}.
 *
 * @example
 * import type { WebhookSignatureFailure } from '@humantime/sdk';
 * // A stale delivery is worth a log line; a bad signature may be an attack.
 * const severity = (reason: WebhookSignatureFailure) => (reason === 'timestamp_too_old' ? 'info' : 'warn');
 */
export type WebhookSignatureFailure =
  | 'raw_body_expected'
  | 'missing_header'
  | 'malformed_header'
  | 'no_matching_signature'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'invalid_payload';

/**
 * `verifyWebhook` refused a delivery. `reason` says what was wrong in a machine-readable
 * way; `message` says it for people (parsed body instead of raw, missing or malformed
 * header, stale timestamp, wrong secret or tampered body). Answer such a request with 400.
 *
 * @example
 * import { verifyWebhook, WebhookSignatureError } from '@humantime/sdk';
 * try {
 *   const event = await verifyWebhook(rawBody, signatureHeader, process.env.HUMANTIME_WEBHOOK_SECRET!);
 * } catch (err) {
 *   if (err instanceof WebhookSignatureError) console.warn(err.reason, err.message);
 * }
 */
export class WebhookSignatureError extends HumantimeError {
  override name = 'WebhookSignatureError';
  declare readonly code: 'WEBHOOK_SIGNATURE_INVALID';
  declare readonly status: null;
  readonly reason: WebhookSignatureFailure;
  constructor(reason: WebhookSignatureFailure, message: string) {
    super('WEBHOOK_SIGNATURE_INVALID', { message, status: null });
    this.reason = reason;
  }
}
