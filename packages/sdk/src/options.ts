/**
 * Settings of a {@link Humantime} client. Only `apiKey` and `baseUrl` are required.
 *
 * @example
 * import { Humantime, type HumantimeOptions } from '@humantime/sdk';
 * const options: HumantimeOptions = {
 *   apiKey: process.env.HUMANTIME_API_KEY!,
 *   baseUrl: 'https://api.example.com',
 *   timeoutMs: 10_000,
 *   maxRetries: 3,
 * };
 * const client = new Humantime(options);
 */
export interface HumantimeOptions {
  /** `sk_live_...`, server-side only. Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Where the API lives, without `/v1`, e.g. `https://api.example.com` or `http://127.0.0.1:3000`. */
  baseUrl: string;
  /** Per attempt, covering the whole response including its body. Default 30 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt, for failures that are safe to retry. Default 2. */
  maxRetries?: number;
  /** A fetch implementation; default `globalThis.fetch`, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  /** Base of the exponential backoff before retry n: up to base * 2^n ms, full jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Cap of the backoff (not of a server's Retry-After, which is honoured up to 60 s). Default 8 000. */
  retryMaxDelayMs?: number;
}

/**
 * Per-call overrides, the last argument of every resource method.
 *
 * @example
 * const controller = new AbortController();
 * const humans = await client.humans.list({ limit: 10 }, { timeoutMs: 2_000, maxRetries: 0, signal: controller.signal });
 */
export interface RequestOptions {
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
  /** Aborts the call, including a wait before a retry; it then rejects with HumantimeAbortError. */
  signal?: AbortSignal;
}

/**
 * Options of `bookings.create`: the usual {@link RequestOptions} plus the Idempotency-Key.
 *
 * @example
 * // One key per logical booking, e.g. derived from your own order id, so a retry of the
 * // whole job (not only the SDK's own retries) can never book twice.
 * await client.bookings.create(params, { idempotencyKey: `order-${order.id}` });
 */
export interface CreateBookingOptions extends RequestOptions {
  /**
   * Up to 255 characters. Default: a random UUID per call, reused by that call's retries.
   * The server answers a repeat with the same key and body (within 24 h) with the first
   * response; the same key with another body is IDEMPOTENCY_KEY_REUSED.
   */
  idempotencyKey?: string;
}

export const DEFAULTS = {
  timeoutMs: 30_000,
  maxRetries: 2,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
} as const;
