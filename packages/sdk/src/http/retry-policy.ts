/** What one attempt came to, as far as the retry decision is concerned. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; headers: Headers }
  | { kind: 'connection'; mayHaveReachedServer: boolean }
  | { kind: 'timeout' }
  | { kind: 'aborted' };

/** A server's Retry-After above this is not waited for: the error goes to the caller. */
export const MAX_RETRY_AFTER_MS = 60_000;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether repeating the request can do no more than doing it once. GET/PUT/DELETE are
 * idempotent by HTTP, and this API's PATCH only sets fields, so it is too. A POST is
 * idempotent only with an Idempotency-Key, which the server honours on POST /v1/bookings.
 */
export function isIdempotentRequest(method: string, headers: Record<string, string>): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || Boolean(headers['idempotency-key']);
}

/**
 * The retry rule, after stripe-node's:
 * - never a 4xx other than 429, never a 501, never a caller's abort;
 * - 429 always: the rate limiter refuses before any work is done, so even a bare POST is safe;
 * - 5xx, timeouts and connection errors only for idempotent requests;
 * - a non-idempotent POST also when the connection failed before the request could have
 *   been sent (refused, DNS failure, connect timeout), since the server never saw it.
 */
export function shouldRetry(outcome: AttemptOutcome, idempotent: boolean): boolean {
  switch (outcome.kind) {
    case 'aborted':
      return false;
    case 'timeout':
      return idempotent;
    case 'connection':
      return idempotent || !outcome.mayHaveReachedServer;
    case 'response':
      if (outcome.status === 429) return true;
      if (outcome.status >= 500 && outcome.status !== 501) return idempotent;
      return false;
  }
}

/** Retry-After as milliseconds (delay-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface BackoffSettings {
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
}

/**
 * How long to wait before retry number `retryIndex` (0 for the first retry): exponential
 * backoff with full jitter, random in [0, min(max, base * 2^n)), but never less than the
 * server's Retry-After. Null when Retry-After asks for more than MAX_RETRY_AFTER_MS: a
 * client blocked for minutes without knowing is worse than an error it can act on.
 */
export function retryDelayMs(
  retryIndex: number,
  outcome: AttemptOutcome,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number | null {
  const ceiling = Math.min(settings.retryMaxDelayMs, settings.retryBaseDelayMs * 2 ** retryIndex);
  const jittered = Math.floor(random() * ceiling);
  if (outcome.kind !== 'response') return jittered;
  const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'));
  if (retryAfter === null) return jittered;
  if (retryAfter > MAX_RETRY_AFTER_MS) return null;
  return Math.max(jittered, retryAfter);
}

// Error codes (Node/undici) that mean no connection was ever established, so no byte of
// the request reached the server. Anything else (reset, socket closed, unknown runtimes)
// may have happened after the request was sent.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** False only when the error proves the request never left this machine. */
export function mayHaveReachedServer(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return false;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return true;
}
