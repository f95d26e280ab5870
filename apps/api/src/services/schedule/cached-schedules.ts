import type { Store, StoreChanges } from '../../db/open-store.js';
import { readSchedules, type ScheduleRead, type VersionedSchedule } from '../../db/tables/api-key-lookup.js';
import { loadTimedSchedules, readSnapshot, type SchedulesRequest, type TimedSnapshot } from './load-schedule.js';
import { ScheduleCache } from './schedule-cache.js';

export type { SchedulesRequest };

/** Found humans' snapshots by id; unknown, deleted and other organizations' humans are absent. */
export type Schedules = Map<string, TimedSnapshot>;

/**
 * How a service reads one request's schedules: the route's read (what authenticate fetched
 * with the key, else through the cache), or the store's, uncached.
 */
export type ReadSchedules = (request: SchedulesRequest) => Promise<Schedules>;

/** The local dates a booking's snapshot covers (candidateDates). */
export type BookingDates = Pick<SchedulesRequest, 'dateFrom' | 'dateTo'>;

/**
 * A schedule read to send in another statement's round trip (the API key's, see
 * organizations/api-key-authentication.ts), and how to take its answer.
 */
export interface ScheduleReadAlong {
  read: ScheduleRead;
  /** The answered humans' snapshots, cached for next time; `organizationId` is the key's. */
  take(organizationId: string, rows: VersionedSchedule[]): Schedules;
}

/**
 * The schedule snapshots the hot routes read, kept in this process and used only once
 * checked current:
 * - PostgreSQL: the statement that reads them sends a snapshot only where this process's
 *   cached one is not at the human's schedule version (a rotated key or another process's
 *   write is seen at once).
 * - Embedded: one process owns the data directory, so a snapshot is current while the
 *   store's write counter (Store.changes) has not moved: no round trip at all.
 * On both, a booking may judge on a cached snapshot with no check at all (`remembered`): its
 * atomic statement checks the human's rules_version itself.
 */
export interface CachedSchedules {
  /** The schedules of an authenticated organization's humans. */
  read(organizationId: string, request: SchedulesRequest): Promise<Schedules>;
  /** The same read, to send along with the API key's statement (before the organization is known). */
  readAlong(request: SchedulesRequest): ScheduleReadAlong;
  /**
   * The snapshot of one human over these dates that this process read last, WITHOUT any
   * check (no round trip): possibly stale, possibly another organization's on PostgreSQL.
   * Only for a booking's judge, whose atomic statement checks the human's organization,
   * deletion and rules_version in SQL, and which re-reads before it refuses.
   */
  remembered(organizationId: string, humanId: string, dates: BookingDates): TimedSnapshot | undefined;
}

export function cachedSchedules(store: Pick<Store, 'sql' | 'changes'>): CachedSchedules {
  return store.changes ? embeddedSchedules(store.sql, store.changes) : serverSchedules(store.sql);
}

function serverSchedules(sql: Store['sql']): CachedSchedules {
  const cache = new ScheduleCache();

  // Keyed by human, not organization: the statements answer only the humans of the asking
  // organization, so a snapshot cached for one organization is never given to another.
  const readAlong = (request: SchedulesRequest): ScheduleReadAlong => {
    const keys = request.humanIds.map((id) => ScheduleCache.key(id, request.dateFrom, request.dateTo));
    // The snapshots themselves are held from here on, so an eviction meanwhile cannot lose one
    // the statement then confirms.
    const held = keys.map((k) => cache.peek(k));
    return {
      read: { ...request, cachedVersions: held.map((h) => h?.version ?? '') },
      // Each answered human: the fresh snapshot (cached for next time) or the held one the
      // statement just confirmed current.
      take: (_organizationId, rows) => {
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
      },
    };
  };

  return {
    async read(organizationId, request) {
      const along = readAlong(request);
      return along.take(organizationId, await readSchedules(sql, organizationId, along.read));
    },
    readAlong,
    // Keyed by human only: the atomic statement checks the organization.
    remembered: (_organizationId, humanId, dates) => cache.latest(ScheduleCache.key(humanId, dates.dateFrom, dates.dateTo)),
  };
}

function embeddedSchedules(sql: Store['sql'], changes: StoreChanges): CachedSchedules {
  const cache = new ScheduleCache();
  // Nothing checks a hit in SQL here, so the organization is part of the key.
  const cacheKeyOf = (organizationId: string, humanId: string, request: BookingDates) =>
    `${organizationId}|${ScheduleCache.key(humanId, request.dateFrom, request.dateTo)}`;

  return {
    async read(organizationId, request) {
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
      const read = await loadTimedSchedules(sql, organizationId, { ...request, humanIds: missing });
      for (const [id, snapshot] of read) {
        // Stamped with the count noted before the read: a write sent meanwhile makes it stale.
        const stamped = { ...snapshot, version };
        cache.set(keys[request.humanIds.indexOf(id)]!, stamped);
        found.set(id, stamped);
      }
      return found;
    },
    readAlong(request) {
      // Noted before the statement is sent, like `read`'s; nothing cached is offered.
      const version = String(changes.schedules);
      return {
        read: { ...request, cachedVersions: request.humanIds.map(() => '') },
        take: (organizationId, rows) => {
          const found: Schedules = new Map();
          for (const r of rows) {
            const stamped = { ...readSnapshot(r.snapshot!), version };
            cache.set(cacheKeyOf(organizationId, r.id, request), stamped);
            found.set(r.id, stamped);
          }
          return found;
        },
      };
    },
    remembered: (organizationId, humanId, dates) => cache.latest(cacheKeyOf(organizationId, humanId, dates)),
  };
}
