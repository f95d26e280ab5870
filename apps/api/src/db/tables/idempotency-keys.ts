// Hand-written statements on `idempotency_keys`: one replayable response per organization
// and Idempotency-Key, claimed inside the booking transaction.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface KeyClaim {
  organizationId: string;
  key: string;
  requestHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface StoredKey {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

/**
 * The upsert that inserts the key, or takes over an expired one, as a fragment of a
 * statement; with `response`, the key's response is stored with it (a statement that
 * writes the booking it describes too). A concurrent request with the same key blocks on the
 * unique index until the first transaction ends. It answers no row when a live key exists.
 */
export function idempotencyKeyClaim(p: Params, c: KeyClaim, response?: { status: number; body: unknown }): string {
  const createdAt = p.ref(c.createdAt.toISOString(), 'timestamptz');
  return `INSERT INTO idempotency_keys (organization_id, key, request_hash, expires_at, created_at, response_status, response_body)
     VALUES (${p.ref(c.organizationId, 'uuid')}, ${p.ref(c.key, 'text')}, ${p.ref(c.requestHash, 'text')}, ${p.ref(c.expiresAt.toISOString(), 'timestamptz')},
             ${createdAt}, ${p.ref(response?.status ?? null, 'int')}, ${p.ref(response ? JSON.stringify(response.body) : null, 'json')})
     ON CONFLICT (organization_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at,
            response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body
      WHERE idempotency_keys.expires_at <= ${createdAt}`;
}

/** Claims the key (see idempotencyKeyClaim). False when a live key exists. */
export async function claimIdempotencyKey(query: Sql, c: KeyClaim): Promise<boolean> {
  const p = new Params();
  const claimed = await query(`${idempotencyKeyClaim(p, c)} RETURNING id`, p.values);
  return claimed.length > 0;
}

export async function selectIdempotencyKey(query: Sql, organizationId: string, key: string): Promise<StoredKey | undefined> {
  const p = new Params();
  const [row] = await query<StoredKey>(
    `SELECT request_hash, response_status, response_body FROM idempotency_keys
      WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND key = ${p.ref(key)}`,
    p.values,
  );
  return row;
}

export async function storeIdempotentResponse(
  query: Sql,
  organizationId: string,
  key: string,
  response: { status: number; body: unknown },
): Promise<void> {
  const p = new Params();
  await query(
    `UPDATE idempotency_keys SET response_status = ${p.ref(response.status)}, response_body = ${p.ref(JSON.stringify(response.body), 'json')}
      WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND key = ${p.ref(key)}`,
    p.values,
  );
}

/** A key with its response in one statement; a key stored meanwhile by another request stands. */
export async function insertIdempotentResponse(query: Sql, c: KeyClaim, response: { status: number; body: unknown }): Promise<void> {
  const p = new Params();
  await query(
    `INSERT INTO idempotency_keys
            (organization_id, key, request_hash, expires_at, created_at, response_status, response_body)
     VALUES (${p.ref(c.organizationId, 'uuid')}, ${p.ref(c.key)}, ${p.ref(c.requestHash)}, ${p.ref(c.expiresAt.toISOString(), 'timestamptz')},
             ${p.ref(c.createdAt.toISOString(), 'timestamptz')}, ${p.ref(response.status)}, ${p.ref(JSON.stringify(response.body), 'json')})
     ON CONFLICT (organization_id, key) DO NOTHING`,
    p.values,
  );
}
