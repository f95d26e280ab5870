import type { Store, StoreChanges } from '../../db/open-store.js';
import { selectKey, selectKeyWithSchedules } from '../../db/tables/api-key-lookup.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { hashApiKey } from '../../lib/api-keys.js';
import { rateLimitInProcess, rateLimitInSql } from '../rate-limit/key-rate-limit.js';
import type { RateLimitPolicy, RateLimitVerdict } from '../rate-limit/token-bucket.js';
import type { CachedSchedules, Schedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import type { AuthedOrganization } from './authed-organization.js';
import { keyBatches } from './key-batches.js';

export interface KeyCheck {
  /** Undefined: no such key. */
  organization: AuthedOrganization | undefined;
  /** Undefined when rate limiting is off (or the key is unknown). */
  rateLimit: RateLimitVerdict | undefined;
}

/**
 * Who a /v1 request is, charged to its key's bucket (rate-limit/key-rate-limit.ts), with the
 * schedule snapshots the slots routes need (schedule/cached-schedules.ts) read in the same
 * round trip, at the fewest round trips each store allows:
 * - PostgreSQL: one statement resolves the key (nothing cached: a rotated key is dead at
 *   once in every process), charges the bucket every process shares, and carries the
 *   schedules' read. Requests arriving in one turn of the event loop share one statement, up
 *   to three in flight (key-batches.ts).
 * - Embedded: one process owns the data directory, so keys are kept in this process and
 *   checked against the store's write counter (Store.changes): no round trip at all while no
 *   key was written.
 */
export interface ApiKeyAuthentication {
  /** Resolves the key and, unless `charge` is false (/mcp, whose tools' /v1 calls are charged), charges its bucket. */
  check(key: string, charge?: boolean): Promise<KeyCheck>;
  /** check, by the key's digest: an MCP tool acting for an OAuth grant is charged to its organization's key. */
  checkHash(keyHash: string, charge?: boolean): Promise<KeyCheck>;
  /** check, and (unless refused) the humans' schedules in the same round trip. */
  checkWithSchedules(key: string, request: SchedulesRequest): Promise<KeyCheck & { schedules: Schedules }>;
}

export interface ApiKeyAuthenticationOptions {
  rateLimit: RateLimitPolicy;
  /** The schedules a checkWithSchedules reads along and caches. */
  schedules: CachedSchedules;
}

export function apiKeyAuthentication(
  store: Pick<Store, 'sql' | 'keySql' | 'changes'>,
  options: ApiKeyAuthenticationOptions,
): ApiKeyAuthentication {
  return store.changes ? embeddedAuthentication(store.sql, store.changes, options) : serverAuthentication(store.keySql, options);
}

const organizationOf = (row: { id: string; plan: string; auto_purchase: boolean }): AuthedOrganization => ({
  id: row.id,
  plan: row.plan as Plan,
  autoPurchase: row.auto_purchase,
});

function serverAuthentication(keySql: Store['keySql'], { rateLimit, schedules }: ApiKeyAuthenticationOptions): ApiKeyAuthentication {
  const limit = rateLimitInSql(rateLimit);
  const lookUp = keyBatches(keySql, limit.bucket);
  const checkHash = async (keyHash: string, charge = true): Promise<KeyCheck> => {
    const row = await lookUp({ keyHash, charge });
    return { organization: row && organizationOf(row), rateLimit: row && limit.verdict(row) };
  };
  return {
    check: (key, charge) => checkHash(hashApiKey(key), charge),
    checkHash,
    async checkWithSchedules(key, request) {
      const along = schedules.readAlong(request);
      const row = await lookUp({ keyHash: hashApiKey(key), charge: true, read: along.read });
      if (!row) return { organization: undefined, rateLimit: undefined, schedules: new Map() };
      const organization = organizationOf(row);
      if (row.allowed === false) return { organization, rateLimit: limit.verdict(row), schedules: new Map() };
      return { organization, rateLimit: limit.verdict(row), schedules: along.take(organization.id, row.schedules) };
    },
  };
}

function embeddedAuthentication(
  sql: Store['sql'],
  changes: StoreChanges,
  { rateLimit, schedules }: ApiKeyAuthenticationOptions,
): ApiKeyAuthentication {
  const keysSeen = new Map<string, { organization: AuthedOrganization; at: number }>();
  const limit = rateLimitInProcess(rateLimit);

  // Only keys that exist are remembered; a flood of wrong keys costs lookups, not memory.
  const remember = (keyHash: string, organization: AuthedOrganization, at: number) => {
    if (keysSeen.size >= 10_000) keysSeen.clear();
    keysSeen.set(keyHash, { organization, at });
    return organization;
  };

  const checkHash = async (keyHash: string, charge = true): Promise<KeyCheck> => {
    let seen = keysSeen.get(keyHash);
    if (!seen || seen.at !== changes.keys) {
      const at = changes.keys;
      const row = await selectKey(sql, keyHash);
      keysSeen.delete(keyHash);
      if (!row) return { organization: undefined, rateLimit: undefined };
      seen = { organization: remember(keyHash, organizationOf(row), at), at };
    }
    return { organization: seen.organization, rateLimit: charge ? limit.charge(keyHash) : undefined };
  };

  const check = (key: string, charge = true) => checkHash(hashApiKey(key), charge);

  return {
    check,
    checkHash,
    async checkWithSchedules(key, request) {
      const keyHash = hashApiKey(key);
      const seen = keysSeen.get(keyHash);
      if (!seen || seen.at !== changes.keys) {
        // The key is not known: read it and every asked-for schedule in one statement.
        const keysAt = changes.keys;
        const along = schedules.readAlong(request);
        const row = await selectKeyWithSchedules(sql, keyHash, along.read);
        if (!row) return { organization: undefined, rateLimit: undefined, schedules: new Map() };
        const organization = remember(keyHash, organizationOf(row), keysAt);
        const verdict = limit.charge(keyHash);
        if (verdict?.allowed === false) return { organization, rateLimit: verdict, schedules: new Map() };
        return { organization, rateLimit: verdict, schedules: along.take(organization.id, row.schedules) };
      }
      const result = await check(key);
      if (!result.organization || result.rateLimit?.allowed === false) return { ...result, schedules: new Map() };
      return { ...result, schedules: await schedules.read(result.organization.id, request) };
    },
  };
}
