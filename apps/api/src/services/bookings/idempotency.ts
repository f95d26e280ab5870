import { createHash } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../db/open-store.js';
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
  tx: Prisma.TransactionClient,
  scope: IdempotencyScope,
): Promise<{ claimed: true } | { claimed: false; response: StoredResponse }> {
  const expires = new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at, created_at)
    VALUES (${scope.organizationId}::uuid, ${scope.key}, ${scope.hash}, ${expires}, ${scope.now})
    ON CONFLICT (organization_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, expires_at = EXCLUDED.expires_at,
           created_at = EXCLUDED.created_at, response_status = NULL, response_body = NULL
     WHERE idempotency_keys.expires_at <= ${scope.now}
    RETURNING id`;
  if (rows.length > 0) return { claimed: true };

  const existing = await tx.idempotencyKey.findUnique({
    where: { organizationId_key: { organizationId: scope.organizationId, key: scope.key } },
  });
  if (existing && existing.requestHash !== scope.hash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request body. Use a new key for a new booking.',
    );
  }
  if (!existing || existing.responseStatus === null) {
    // Only possible if the row vanished or was written without a response: ask for a retry.
    throw new AppError('RATE_LIMITED', 'A request with this Idempotency-Key is still in progress; retry shortly.', {
      'Retry-After': '1',
    });
  }
  return { claimed: false, response: { status: existing.responseStatus, body: existing.responseBody } };
}

/** Records the outcome in the same transaction as the booking it describes. */
export async function saveResponse(tx: Prisma.TransactionClient, scope: IdempotencyScope, response: StoredResponse) {
  await tx.idempotencyKey.update({
    where: { organizationId_key: { organizationId: scope.organizationId, key: scope.key } },
    data: { responseStatus: response.status, responseBody: response.body as Prisma.InputJsonValue },
  });
}

/**
 * Records a refusal (the booking transaction rolled back, taking the claim with it), so a
 * retry gets the same answer. If a concurrent request already stored one, that one stands.
 */
export async function saveRefusal(db: Db, scope: IdempotencyScope, response: StoredResponse) {
  await db.$executeRaw`
    INSERT INTO idempotency_keys
           (organization_id, key, request_hash, expires_at, created_at, response_status, response_body)
    VALUES (${scope.organizationId}::uuid, ${scope.key}, ${scope.hash},
            ${new Date(scope.now.getTime() + IDEMPOTENCY_TTL_MS)}, ${scope.now},
            ${response.status}, ${JSON.stringify(response.body)}::jsonb)
    ON CONFLICT (organization_id, key) DO NOTHING`;
}
