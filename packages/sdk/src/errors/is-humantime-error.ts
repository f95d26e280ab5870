import type { API_ERROR_CLASSES } from './api-errors.js';
import {
  hasHumantimeBrand,
  type HumantimeAbortError,
  type HumantimeConnectionError,
  type HumantimeError,
  type HumantimeTimeoutError,
  type NoSlotAvailableError,
  type WebhookSignatureError,
} from './humantime-error.js';

/**
 * The error class behind each code, for {@link isHumantimeError}'s narrowing.
 *
 * @example
 * import type { HumantimeErrorByCode } from '@humantime/sdk';
 * type Conflict = HumantimeErrorByCode['SLOT_UNAVAILABLE']; // SlotUnavailableError
 */
export type HumantimeErrorByCode = {
  [C in keyof typeof API_ERROR_CLASSES]: InstanceType<(typeof API_ERROR_CLASSES)[C]>;
} & {
  CONNECTION_ERROR: HumantimeConnectionError;
  TIMEOUT: HumantimeTimeoutError;
  ABORTED: HumantimeAbortError;
  NO_SLOT_AVAILABLE: NoSlotAvailableError;
  WEBHOOK_SIGNATURE_INVALID: WebhookSignatureError;
  UNEXPECTED_RESPONSE: HumantimeError & { readonly code: 'UNEXPECTED_RESPONSE' };
};

/**
 * The type guard for SDK errors, optionally of one code. Unlike `instanceof` it also
 * recognizes errors from another copy of the SDK in the same process (ESM and CJS builds
 * loaded side by side), because it checks a registered brand and the stable `code`.
 *
 * @example
 * import { isHumantimeError } from '@humantime/sdk';
 * try {
 *   await client.bookings.create({ human_id, starts_at, duration: 30, attendee_name: 'Ada' });
 * } catch (err) {
 *   if (isHumantimeError(err, 'SLOT_UNAVAILABLE')) {
 *     // err is a SlotUnavailableError: re-query the slots and try another start
 *   } else if (isHumantimeError(err)) {
 *     console.error(err.code, err.status, err.requestId);
 *   }
 * }
 */
export function isHumantimeError(value: unknown): value is HumantimeError;
export function isHumantimeError<C extends keyof HumantimeErrorByCode>(value: unknown, code: C): value is HumantimeErrorByCode[C];
export function isHumantimeError(value: unknown, code?: string): boolean {
  return hasHumantimeBrand(value) && (code === undefined || value.code === code);
}
