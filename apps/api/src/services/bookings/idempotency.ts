import { createHash } from 'node:crypto';
import type { SqlSession } from '../../db/sql-session.js';
import { AppError } from '../../lib/app-error.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** JSON with object keys sorted, so {"a":1,"b":2} and {"b":2,"a":1} are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
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

/**
 * Claims the key inside the booking's transaction. A concurrent request with the same key
 * blocks on the unique index until this transaction ends, then sees the committed response:
 * the database, not a read-then-write, makes "one key, one booking" hold. An expired key
 * (older than 24 h) is taken over.
 */
export async function claimKey(
  tx: SqlSession,
  scope: IdempotencyScope,
): Promise<{ claimed: true } | { claimed: false; response: StoredResponse }> {
  const now = scope.now.toISOString();
  const expires = new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS).toISOString();
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at, created_at)
     VALUES ($1::uuid, $2, $3, $4::timestamptz, $5::timestamptz)
     ON CONFLICT (organization_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, expires_at = EXCLUDED.expires_at,
            created_at = EXCLUDED.created_at, response_status = NULL, response_body = NULL
      WHERE idempotency_keys.expires_at <= $5::timestamptz
     RETURNING id`,
    [scope.organizationId, scope.key, scope.hash, expires, now],
  );
  if (claimed.length > 0) return { claimed: true };

  const [existing] = await tx.query<{ request_hash: string; response_status: number | null; response_body: unknown }>(
    `SELECT request_hash, response_status, response_body FROM idempotency_keys
      WHERE organization_id = $1::uuid AND key = $2`,
    [scope.organizationId, scope.key],
  );
  if (existing && existing.request_hash !== scope.hash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new booking.',
    );
  }
  if (!existing || existing.response_status === null) {
    // Only possible if the row vanished or was written without a response: ask for a retry.
    throw new AppError('RATE_LIMITED', 'A request with this Idempotency-Key is still in progress; retry shortly.', {
      'Retry-After': '1',
    });
  }
  return { claimed: false, response: { status: existing.response_status, body: existing.response_body } };
}

/** Records the outcome in the same transaction as the booking it describes. */
export async function saveResponse(tx: SqlSession, scope: IdempotencyScope, response: StoredResponse) {
  await tx.query(
    `UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb
      WHERE organization_id = $1::uuid AND key = $2`,
    [scope.organizationId, scope.key, response.status, JSON.stringify(response.body)],
  );
}

/**
 * Records a refusal (the booking transaction rolled back, taking the claim with it), so a
 * retry gets the same answer. If a concurrent request already stored one, that one stands.
 */
export async function saveRefusal(sql: SqlSession['query'], scope: IdempotencyScope, response: StoredResponse) {
  await sql(
    `INSERT INTO idempotency_keys
            (organization_id, key, request_hash, expires_at, created_at, response_status, response_body)
     VALUES ($1::uuid, $2, $3, $4::timestamptz, $5::timestamptz, $6, $7::jsonb)
     ON CONFLICT (organization_id, key) DO NOTHING`,
    [
      scope.organizationId,
      scope.key,
      scope.hash,
      new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      scope.now.toISOString(),
      response.status,
      JSON.stringify(response.body),
    ],
  );
}
