import { createHash } from 'node:crypto';
import { errorEnvelope, isErrorCode, type ErrorCode } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import {
  claimIdempotencyKey,
  insertIdempotentResponse,
  selectIdempotencyKey,
  storeIdempotentResponse,
  type KeyClaim,
} from '../../db/tables/idempotency-keys.js';
import { AppError } from '../../lib/app-error.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
  /** The answer kept for this Idempotency-Key, sent again (the route says so in a header). */
  replayed?: true;
}

/**
 * JSON with object keys sorted, so {"a":1,"b":2} and {"b":2,"a":1} are the same request, and
 * `starts_at` as the instant it names, so "2027-11-07T01:00:00-04:00" and
 * "2027-11-07T05:00:00Z" are too (request instants are normalized to UTC). The usual form
 * (UTC, whole seconds, `Z`) is its own canonical form, so keys kept before this rule still match.
 */
function canonicalJson(value: unknown, key?: string): string {
  if (key === 'starts_at' && typeof value === 'string') return JSON.stringify(canonicalInstant(value));
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, k)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An instant in UTC with `Z`, milliseconds only when it has some; text that is none, as it is. */
function canonicalInstant(text: string): string {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) return text;
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface IdempotencyScope {
  organizationId: string;
  key: string;
  hash: string;
  now: Date;
}

/** The scope of a request with an Idempotency-Key (undefined without one); `request` is what the key is bound to. */
export function scopeOf(organizationId: string, key: string | undefined, request: unknown, now: Date): IdempotencyScope | undefined {
  return key ? { organizationId, key, hash: requestHash(request), now } : undefined;
}

/** The key's row as a request claims it. */
export const claimOf = (scope: IdempotencyScope): KeyClaim => ({
  organizationId: scope.organizationId,
  key: scope.key,
  requestHash: scope.hash,
  createdAt: scope.now,
  expiresAt: new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS),
});

/**
 * Claims the key inside the booking's transaction. A concurrent request with the same key
 * blocks on the unique index until this transaction ends, then sees the committed response:
 * the database, not a read-then-write, makes "one key, one booking" hold. An expired key
 * (older than 24 h) is taken over.
 */
export async function claimKey(
  query: Sql,
  scope: IdempotencyScope,
): Promise<{ claimed: true } | { claimed: false; response: StoredResponse }> {
  if (await claimIdempotencyKey(query, claimOf(scope))) return { claimed: true };

  const existing = await selectIdempotencyKey(query, scope.organizationId, scope.key);
  if (existing && existing.request_hash !== scope.hash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request (another body, or another endpoint). Use a new key for a new request.',
    );
  }
  if (!existing || existing.response_status === null) {
    // Only possible if the row vanished or was written without a response: ask for a retry.
    throw new AppError('RATE_LIMITED', 'A request with this Idempotency-Key is still in progress; retry shortly.', {
      'Retry-After': '1',
    });
  }
  return { claimed: false, response: { status: existing.response_status, body: existing.response_body, replayed: true } };
}

/** Records the outcome in the same transaction as the booking it describes. */
export async function saveResponse(query: Sql, scope: IdempotencyScope, response: StoredResponse) {
  await storeIdempotentResponse(query, scope.organizationId, scope.key, response);
}

/**
 * Refusals that describe this request's outcome, replayed to a retry with the same key.
 * IDEMPOTENCY_KEY_REUSED and RATE_LIMITED describe the key, not the booking, and 5xx may
 * succeed on a retry, so those are not kept.
 */
const REPLAYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'NOT_FOUND',
  'INVALID_DURATION',
  'VALIDATION_ERROR',
  'OUTSIDE_WORKING_HOURS',
  'OUTSIDE_BOOKING_WINDOW',
  'SCHEDULE_BLOCKED',
  'SLOT_UNAVAILABLE',
  'LIMIT_REACHED',
  'BOOKING_CANCELLED',
]);

/**
 * Records a replayable refusal (the booking transaction rolled back, taking the claim with
 * it), so a retry gets the same answer, in the same envelope the error handler sends.
 */
export async function saveRefusal(query: Sql, scope: IdempotencyScope, error: AppError): Promise<void> {
  // Dashboard-only codes (AppError carries those too) are never replayable booking answers.
  if (!isErrorCode(error.code) || !REPLAYABLE.has(error.code)) return;
  await insertIdempotentResponse(query, claimOf(scope), {
    status: error.status,
    body: errorEnvelope(error.code, error.message),
  });
}
