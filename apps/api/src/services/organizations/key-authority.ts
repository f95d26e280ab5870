import type { Store, StoreChanges } from '../../db/open-store.js';
import { readSchedules, selectKey, selectKeyWithSchedules, type ScheduleRead, type VersionedSchedule } from '../../db/tables/api-key-lookup.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { hashApiKey } from '../../lib/api-keys.js';
import { rateLimitOn, TokenBuckets, verdictOf, type RateLimitPolicy, type RateLimitVerdict } from '../rate-limit/token-bucket.js';
import { loadTimedSchedules, readSnapshot, type TimedSnapshot } from '../schedule/load-schedule.js';
import { ScheduleCache } from '../schedule/schedule-cache.js';
import type { AuthedOrganization } from './authed-organization.js';
import { keyBatches } from './key-batches.js';

/** Which humans' schedules, over which local dates. */
export interface SchedulesRequest {
  humanIds: readonly string[];
  dateFrom: string;
  dateTo: string;
}

/** Found humans' snapshots by id; unknown, deleted and other organizations' humans are absent. */
export type Schedules = Map<string, TimedSnapshot>;

export interface KeyCheck {
  /** Undefined: no such key. */
  organization: AuthedOrganization | undefined;
  /** Undefined when rate limiting is off (or the key is unknown). */
  rateLimit: RateLimitVerdict | undefined;
}

/**
 * Who a /v1 request is, whether its key's bucket lets it through, and the schedule snapshots
 * the hot routes need, at the fewest round trips each store allows:
 * - PostgreSQL: one statement resolves the key (nothing cached: a rotated key is dead at
 *   once in every process), charges the bucket every process shares, and for the slots
 *   routes checks the humans' schedule versions, sending a snapshot only where this process's
 *   cached one is not current. Requests arriving in one turn of the event loop share one
 *   statement, up to three in flight (key-batches.ts).
 * - Embedded: one process owns the data directory, so keys, buckets and snapshots are kept
 *   in this process and checked against the store's write counters (Store.changes): no round
 *   trip at all while nothing they depend on was written.
 * On both, a booking may judge on a cached snapshot with no check at all (`remembered`): its
 * atomic statement checks the human's rules_version itself.
 */
export interface KeyAuthority {
  /** Resolves the key and, unless `charge` is false (/mcp, whose tools' /v1 calls are charged), charges its bucket. */
  check(key: string, charge?: boolean): Promise<KeyCheck>;
  /** check, and (unless refused) the humans' schedules in the same round trip. */
  checkWithSchedules(key: string, request: SchedulesRequest): Promise<KeyCheck & { schedules: Schedules }>;
  /** The schedules of an authenticated organization's humans (the booking path). */
  schedules(organizationId: string, request: SchedulesRequest): Promise<Schedules>;
  /**
   * The snapshot of one human over these dates that this process read last, WITHOUT any
   * check (no round trip): possibly stale, possibly another organization's on PostgreSQL.
   * Only for a booking's judge, whose atomic statement checks the human's organization,
   * deletion and rules_version in SQL, and which re-reads before it refuses.
   */
  remembered(organizationId: string, humanId: string, dates: BookingDates): TimedSnapshot | undefined;
}

/** The local dates a booking's snapshot covers (candidateDates). */
export type BookingDates = Pick<SchedulesRequest, 'dateFrom' | 'dateTo'>;

export function keyAuthority(store: Pick<Store, 'sql' | 'keySql' | 'changes'>, policy: RateLimitPolicy): KeyAuthority {
  return store.changes ? embeddedAuthority(store.sql, store.changes, policy) : serverAuthority(store.sql, store.keySql, policy);
}

const organizationOf = (row: { id: string; plan: string; auto_purchase: boolean }): AuthedOrganization => ({
  id: row.id,
  plan: row.plan as Plan,
  autoPurchase: row.auto_purchase,
});

function serverAuthority(sql: Store['sql'], keySql: Store['keySql'], policy: RateLimitPolicy): KeyAuthority {
  const cache = new ScheduleCache();
  const lookUp = keyBatches(keySql, rateLimitOn(policy) ? policy : { perSecond: 0, burst: 0 });
  const verdict = (row: { tokens: number | null; allowed: boolean | null }) =>
    row.tokens === null || row.allowed === null ? undefined : verdictOf(policy, row.tokens, row.allowed);

  // Keyed by human, not organization: the statement answers only the humans of the key's own
  // organization, so a snapshot cached for one organization is never given to another.
  const readOf = (request: SchedulesRequest) => {
    const keys = request.humanIds.map((id) => ScheduleCache.key(id, request.dateFrom, request.dateTo));
    // The snapshots themselves are held from here on, so an eviction meanwhile cannot lose one
    // the statement then confirms.
    const held = keys.map((k) => cache.peek(k));
    return { keys, held, read: { ...request, cachedVersions: held.map((h) => h?.version ?? '') } satisfies ScheduleRead };
  };
  // Each answered human: the fresh snapshot (cached for next time) or the held one the
  // statement just confirmed current.
  const collect = ({ keys, held }: ReturnType<typeof readOf>, request: SchedulesRequest, rows: VersionedSchedule[]): Schedules => {
    const found: Schedules = new Map();
    for (const row of rows) {
      const i = request.humanIds.indexOf(row.id);
      if (row.snapshot) {
        const snapshot = readSnapshot(row.snapshot);
        cache.set(keys[i]!, snapshot);
        found.set(row.id, snapshot);
      } else {
        found.set(row.id, held[i]!);
      }
    }
    return found;
  };

  return {
    async check(key, charge = true) {
      const row = await lookUp({ keyHash: hashApiKey(key), charge });
      return { organization: row && organizationOf(row), rateLimit: row && verdict(row) };
    },
    async checkWithSchedules(key, request) {
      const reading = readOf(request);
      const row = await lookUp({ keyHash: hashApiKey(key), charge: true, read: reading.read });
      if (!row) return { organization: undefined, rateLimit: undefined, schedules: new Map() };
      const schedules: Schedules = row.allowed === false ? new Map<string, TimedSnapshot>() : collect(reading, request, row.schedules);
      return { organization: organizationOf(row), rateLimit: verdict(row), schedules };
    },
    async schedules(organizationId, request) {
      const reading = readOf(request);
      return collect(reading, request, await readSchedules(sql, organizationId, reading.read));
    },
    // Keyed by human only: the atomic statement checks the organization.
    remembered: (_organizationId, humanId, dates) => cache.latest(ScheduleCache.key(humanId, dates.dateFrom, dates.dateTo)),
  };
}

function embeddedAuthority(sql: Store['sql'], changes: StoreChanges, policy: RateLimitPolicy): KeyAuthority {
  const keysSeen = new Map<string, { organization: AuthedOrganization; at: number }>();
  const buckets = rateLimitOn(policy) ? new TokenBuckets(policy) : undefined;
  const cache = new ScheduleCache();

  // Only keys that exist are remembered; a flood of wrong keys costs lookups, not memory.
  const remember = (keyHash: string, organization: AuthedOrganization, at: number) => {
    if (keysSeen.size >= 10_000) keysSeen.clear();
    keysSeen.set(keyHash, { organization, at });
    return organization;
  };
  // Nothing checks a hit in SQL here, so the organization is part of the key.
  const cacheKeyOf = (organizationId: string, humanId: string, request: BookingDates) =>
    `${organizationId}|${ScheduleCache.key(humanId, request.dateFrom, request.dateTo)}`;

  const check = async (key: string, charge = true): Promise<KeyCheck> => {
    const keyHash = hashApiKey(key);
    let seen = keysSeen.get(keyHash);
    if (!seen || seen.at !== changes.keys) {
      const at = changes.keys;
      const row = await selectKey(sql, keyHash);
      keysSeen.delete(keyHash);
      if (!row) return { organization: undefined, rateLimit: undefined };
      seen = { organization: remember(keyHash, organizationOf(row), at), at };
    }
    return { organization: seen.organization, rateLimit: charge ? buckets?.charge(keyHash, Date.now()) : undefined };
  };

  const schedules = async (organizationId: string, request: SchedulesRequest): Promise<Schedules> => {
    const version = String(changes.schedules);
    const keys = request.humanIds.map((id) => cacheKeyOf(organizationId, id, request));
    const found: Schedules = new Map();
    const missing: string[] = [];
    request.humanIds.forEach((id, i) => {
      const hit = cache.get(keys[i]!, version);
      if (hit) found.set(id, hit);
      else missing.push(id);
    });
    if (missing.length === 0) return found;
    const read = await loadTimedSchedules(sql, organizationId, missing, request.dateFrom, request.dateTo);
    for (const [id, snapshot] of read) {
      // Stamped with the count noted before the read: a write sent meanwhile makes it stale.
      const stamped = { ...snapshot, version };
      cache.set(keys[request.humanIds.indexOf(id)]!, stamped);
      found.set(id, stamped);
    }
    return found;
  };

  return {
    check,
    async checkWithSchedules(key, request) {
      const keyHash = hashApiKey(key);
      const seen = keysSeen.get(keyHash);
      if (!seen || seen.at !== changes.keys) {
        // Neither is known: read the key and every asked-for schedule in one statement.
        const keysAt = changes.keys;
        const version = String(changes.schedules);
        const row = await selectKeyWithSchedules(sql, keyHash, { ...request, cachedVersions: request.humanIds.map(() => '') });
        if (!row) return { organization: undefined, rateLimit: undefined, schedules: new Map() };
        const organization = remember(keyHash, organizationOf(row), keysAt);
        const rateLimit = buckets?.charge(keyHash, Date.now());
        if (rateLimit?.allowed === false) return { organization, rateLimit, schedules: new Map() };
        const found: Schedules = new Map();
        for (const r of row.schedules) {
          const stamped = { ...readSnapshot(r.snapshot!), version };
          cache.set(cacheKeyOf(organization.id, r.id, request), stamped);
          found.set(r.id, stamped);
        }
        return { organization, rateLimit, schedules: found };
      }
      const result = await check(key);
      if (!result.organization || result.rateLimit?.allowed === false) return { ...result, schedules: new Map() };
      return { ...result, schedules: await schedules(result.organization.id, request) };
    },
    schedules,
    remembered: (organizationId, humanId, dates) => cache.latest(cacheKeyOf(organizationId, humanId, dates)),
  };
}
