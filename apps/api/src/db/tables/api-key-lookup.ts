// The statements every /v1 request starts with on the PostgreSQL store: resolve the API key
// by its digest, charge its token bucket (rate_limit_buckets) and,
// for the slots routes, check the schedule versions of the humans asked about, sending a
// snapshot only where the caller's cached one is not current. One round trip in all.
import { busyWindow, snapshotJson, uuidArray, type SnapshotRow } from './schedule-snapshots.js';
import type { Sql } from '../sql.js';

/**
 * The bucket `b`'s level at this statement's time: what was left, refilled at `perSecond`
 * since, up to `burst` (both SQL expressions). Statements of one key wait on its row lock and
 * may have started in another order than they get it, so time never runs backwards
 * (greatest 0) and refilled_at only moves forward.
 */
export const bucketLevel = (perSecond: string, burst: string) =>
  `least(${burst}::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.refilled_at))::float8 * ${perSecond}::float8)`;

const LEVEL = bucketLevel('$2', '$3');

/** The key (by its digest, $1) and its organization: the first CTE of every statement here. */
const KEY = `k AS (
  SELECT k.id AS key_id, o.id AS org_id, o.plan::text AS plan, o.auto_purchase
    FROM api_keys k JOIN organizations o ON o.id = k.organization_id
   WHERE k.key_hash = $1)`;

const KEY_AND_BUCKET = `
WITH ${KEY},
b AS (
  INSERT INTO rate_limit_buckets AS b (api_key_id, tokens, refilled_at, allowed, granted)
  SELECT key_id, $3::float8 - 1, now(), true, 1 FROM k WHERE $2::float8 > 0 AND $3::float8 > 0
  ON CONFLICT (api_key_id) DO UPDATE SET
    tokens = CASE WHEN ${LEVEL} >= 1 THEN ${LEVEL} - 1 ELSE ${LEVEL} END,
    allowed = ${LEVEL} >= 1,
    granted = CASE WHEN ${LEVEL} >= 1 THEN 1 ELSE 0 END,
    refilled_at = greatest(b.refilled_at, now())
  RETURNING tokens, allowed)`;

/**
 * Each asked-for human of the organization `org` (unknown, deleted and other organizations'
 * humans are absent) with its schedule version, and its snapshot unless the caller already
 * holds that version (`$V` aligned with `$I`). CASE evaluates the snapshot's subqueries only
 * when it is sent.
 */
export function schedules(
  org: string,
  p: { ids: string; versions: string; dateFrom: string; dateTo: string; busyFrom: string; busyTo: string },
) {
  return `(SELECT json_agg(json_build_object('id', h.id::text, 'version', h.schedule_version::text, 'snapshot',
            CASE WHEN h.schedule_version::text = c.version THEN NULL
                 ELSE ${snapshotJson({ dateFrom: p.dateFrom, dateTo: p.dateTo, busyFrom: p.busyFrom, busyTo: p.busyTo })} END))
     FROM unnest(${p.ids}::uuid[], ${p.versions}::text[]) AS c(id, version)
     JOIN humans h ON h.id = c.id
    WHERE h.organization_id = ${org} AND h.deleted_at IS NULL)`;
}

const KEY_LOOKUP = `${KEY_AND_BUCKET}
SELECT k.org_id::text AS id, k.plan, k.auto_purchase, b.tokens, b.allowed FROM k LEFT JOIN b ON true`;

/** Key and schedules without charging anything: a plain read (the embedded store's, on a miss). */
const KEY_ONLY_WITH_SCHEDULES = `
WITH ${KEY}
SELECT k.org_id::text AS id, k.plan, k.auto_purchase, NULL::float8 AS tokens, NULL::boolean AS allowed,
       ${schedules('k.org_id', { ids: '$2', versions: '$3', dateFrom: '$4', dateTo: '$5', busyFrom: '$6', busyTo: '$7' })} AS schedules
  FROM k`;

const KEY_LOOKUP_WITH_SCHEDULES = `${KEY_AND_BUCKET}
SELECT k.org_id::text AS id, k.plan, k.auto_purchase, b.tokens, b.allowed,
       CASE WHEN b.allowed IS NOT FALSE THEN ${schedules('k.org_id', { ids: '$4', versions: '$5', dateFrom: '$6', dateTo: '$7', busyFrom: '$8', busyTo: '$9' })} END AS schedules
  FROM k LEFT JOIN b ON true`;

const SCHEDULES = `SELECT ${schedules('$1::uuid', { ids: '$2', versions: '$3', dateFrom: '$4', dateTo: '$5', busyFrom: '$6', busyTo: '$7' })} AS schedules`;

export interface KeyRow {
  id: string;
  plan: string;
  auto_purchase: boolean;
  /** Null when rate limiting is off. */
  tokens: number | null;
  allowed: boolean | null;
}

/** One human in a schedules answer: its version, and its snapshot unless the caller's is current. */
export interface VersionedSchedule {
  id: string;
  version: string;
  snapshot: SnapshotRow | null;
}

/** One request's schedule read, as the key statements take it. */
export interface ScheduleRead {
  humanIds: readonly string[];
  /** The caller's cached version of each human ('' for none), aligned with humanIds. */
  cachedVersions: readonly string[];
  dateFrom: string;
  dateTo: string;
}

export interface RateLimitParams {
  perSecond: number;
  burst: number;
}

const scheduleParams = (read: ScheduleRead) => {
  const { busyFrom, busyTo } = busyWindow(read.dateFrom, read.dateTo);
  return [
    uuidArray(read.humanIds),
    `{${read.cachedVersions.map((v) => `"${v}"`).join(',')}}`,
    read.dateFrom,
    read.dateTo,
    busyFrom,
    busyTo,
  ];
};

export const parsed = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const KEY_ONLY = `
WITH ${KEY}
SELECT k.org_id::text AS id, k.plan, k.auto_purchase, NULL::float8 AS tokens, NULL::boolean AS allowed FROM k`;

/** Resolves a key digest without charging anything: a plain read (the embedded store's). */
export async function selectKey(sql: Sql, keyHash: string): Promise<KeyRow | undefined> {
  const [row] = await sql<KeyRow>(KEY_ONLY, [keyHash]);
  return row;
}

/** selectKey and the humans' schedules, in one plain read. */
export async function selectKeyWithSchedules(
  sql: Sql,
  keyHash: string,
  read: ScheduleRead,
): Promise<(KeyRow & { schedules: VersionedSchedule[] }) | undefined> {
  const [row] = await sql<KeyRow & { schedules: VersionedSchedule[] | string | null }>(KEY_ONLY_WITH_SCHEDULES, [
    keyHash,
    ...scheduleParams(read),
  ]);
  return row && { ...row, schedules: parsed(row.schedules) ?? [] };
}

/** Resolves a key digest and charges its bucket (rate limiting off: perSecond or burst 0). */
export async function lookUpKey(sql: Sql, keyHash: string, limit: RateLimitParams): Promise<KeyRow | undefined> {
  const [row] = await sql<KeyRow>(KEY_LOOKUP, [keyHash, limit.perSecond, limit.burst]);
  return row;
}

/** lookUpKey and, unless the request is refused, the humans' schedules, in one statement. */
export async function lookUpKeyWithSchedules(
  sql: Sql,
  keyHash: string,
  limit: RateLimitParams,
  read: ScheduleRead,
): Promise<(KeyRow & { schedules: VersionedSchedule[] }) | undefined> {
  const [row] = await sql<KeyRow & { schedules: VersionedSchedule[] | string | null }>(KEY_LOOKUP_WITH_SCHEDULES, [
    keyHash,
    limit.perSecond,
    limit.burst,
    ...scheduleParams(read),
  ]);
  return row && { ...row, schedules: parsed(row.schedules) ?? [] };
}

/** The humans' schedules for an organization already authenticated (the booking path). */
export async function readSchedules(sql: Sql, organizationId: string, read: ScheduleRead): Promise<VersionedSchedule[]> {
  const [row] = await sql<{ schedules: VersionedSchedule[] | string | null }>(SCHEDULES, [organizationId, ...scheduleParams(read)]);
  return parsed(row?.schedules ?? null) ?? [];
}
