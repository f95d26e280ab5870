// The key statement of several /v1 requests at once (PostgreSQL): each request's key resolved
// by its digest, each key's bucket charged once for all its requests, and each slots request's
// schedules read for its own key's organization. One round trip for the whole batch; the
// coalescing that gathers the batch is services/organizations/key-batches.ts.
import {
  bucketLevel,
  parsed,
  schedules,
  type KeyRow,
  type RateLimitParams,
  type ScheduleRead,
  type VersionedSchedule,
} from './api-key-lookup.js';
import { busyWindow } from './schedule-snapshots.js';
import type { Sql } from '../sql.js';

/**
 * Key statements a process has in flight at once (services/organizations/key-batches.ts says
 * why three), and so the connections the store keeps for them (Store.keySql).
 */
export const KEY_STATEMENTS_IN_FLIGHT = 3;

const LEVEL = bucketLevel('$3', '$4');
/**
 * Tokens a key's requests take: one each while whole tokens last, least(wanted, floor(level)).
 * The proposed row's `granted` is least(wanted, floor(burst)), and level never exceeds burst,
 * so taking the least with floor(level) gives exactly that without passing `wanted` apart.
 */
const TAKEN = `least(EXCLUDED.granted, floor(${LEVEL}))::int`;

/**
 * One row per request ($1, in batch order; a digest may repeat). Per request: $2 charge, and
 * for a schedules read the slice [$5, $6] of the flattened human ids ($7) and cached versions
 * ($8), its local dates ($9, $10) and busy window ($11, $12); NULL for a plain check.
 * $3, $4: perSecond and burst (either 0: rate limiting off, nothing is charged).
 *
 * c ranks each charged request among its key's in batch order; b charges each key once: the
 * first `granted` of its requests are allowed, each seeing the tokens left after its own turn
 * (so RateLimit-Remaining counts down through the batch as it would one request at a time),
 * the rest are refused at the level left. Schedules are read only for requests not refused,
 * and only the humans of that request's own key's organization.
 *
 * b takes its buckets' row locks in key order (ORDER BY key_id): two batches that share keys,
 * in flight at once, would otherwise lock them in the orders their hash aggregates happened to
 * give and could wait on each other (a deadlock, seen under load on several keys).
 */
export const KEY_BATCH = `
WITH r AS (
  SELECT * FROM unnest($1::bpchar[], $2::bool[], $5::int[], $6::int[], $9::text[], $10::text[], $11::text[], $12::text[])
    WITH ORDINALITY AS r(key_hash, charge, first, last, date_from, date_to, busy_from, busy_to, i)),
k AS (
  SELECT k.id AS key_id, k.key_hash, o.id AS org_id, o.plan::text AS plan, o.auto_purchase
    FROM api_keys k JOIN organizations o ON o.id = k.organization_id
   WHERE k.key_hash = ANY($1::bpchar[])),
c AS (
  SELECT r.i, k.key_id, row_number() OVER (PARTITION BY k.key_id ORDER BY r.i)::int AS rank
    FROM r JOIN k ON k.key_hash = r.key_hash
   WHERE r.charge AND $3::float8 > 0 AND $4::float8 > 0),
b AS (
  INSERT INTO rate_limit_buckets AS b (api_key_id, tokens, refilled_at, allowed, granted)
  SELECT key_id, $4::float8 - least(count(*), floor($4::float8)), now(), $4::float8 >= 1, least(count(*), floor($4::float8))
    FROM c GROUP BY key_id
   ORDER BY key_id
  ON CONFLICT (api_key_id) DO UPDATE SET
    tokens = ${LEVEL} - ${TAKEN},
    allowed = ${TAKEN} > 0,
    granted = ${TAKEN},
    refilled_at = greatest(b.refilled_at, now())
  RETURNING api_key_id, tokens, granted)
SELECT k.org_id::text AS id, k.plan, k.auto_purchase,
       CASE WHEN c.rank <= b.granted THEN b.tokens + (b.granted - c.rank) ELSE b.tokens END AS tokens,
       c.rank <= b.granted AS allowed,
       CASE WHEN r.first IS NOT NULL AND (c.rank <= b.granted) IS NOT FALSE
            THEN ${schedules('k.org_id', {
              ids: '($7::uuid[])[r.first:r.last]',
              versions: '($8::text[])[r.first:r.last]',
              dateFrom: 'r.date_from',
              dateTo: 'r.date_to',
              busyFrom: 'r.busy_from',
              busyTo: 'r.busy_to',
            })} END AS schedules
  FROM r
  LEFT JOIN k ON k.key_hash = r.key_hash
  LEFT JOIN c ON c.i = r.i
  LEFT JOIN b ON b.api_key_id = c.key_id
 ORDER BY r.i`;

/** One request of a batch: its key's digest, whether to charge it, and the schedules it reads. */
export interface KeyQuery {
  keyHash: string;
  charge: boolean;
  read?: ScheduleRead | undefined;
}

/** A request's answer: its key's organization and verdict (as lookUpKey's) and its schedules; undefined for an unknown key. */
export type KeyAnswer = (KeyRow & { schedules: VersionedSchedule[] }) | undefined;

/** Answers every query in one statement, in order (see KEY_BATCH). */
export async function lookUpKeys(sql: Sql, limit: RateLimitParams, queries: readonly KeyQuery[]): Promise<KeyAnswer[]> {
  const slices: { first: number | null; last: number | null }[] = [];
  const ids: string[] = [];
  const versions: string[] = [];
  const dates: { from: (string | null)[]; to: (string | null)[]; busyFrom: (string | null)[]; busyTo: (string | null)[] } = {
    from: [],
    to: [],
    busyFrom: [],
    busyTo: [],
  };
  for (const { read } of queries) {
    if (!read) {
      slices.push({ first: null, last: null });
      for (const list of Object.values(dates)) list.push(null);
      continue;
    }
    slices.push({ first: ids.length + 1, last: ids.length + read.humanIds.length });
    ids.push(...read.humanIds);
    versions.push(...read.cachedVersions);
    const { busyFrom, busyTo } = busyWindow(read.dateFrom, read.dateTo);
    dates.from.push(read.dateFrom);
    dates.to.push(read.dateTo);
    dates.busyFrom.push(busyFrom);
    dates.busyTo.push(busyTo);
  }
  const rows = await sql<KeyRow & { id: string | null; schedules: VersionedSchedule[] | string | null }>(KEY_BATCH, [
    queries.map((q) => q.keyHash),
    queries.map((q) => q.charge),
    limit.perSecond,
    limit.burst,
    slices.map((s) => s.first),
    slices.map((s) => s.last),
    ids,
    versions,
    dates.from,
    dates.to,
    dates.busyFrom,
    dates.busyTo,
  ]);
  return rows.map((row) => (row.id === null ? undefined : { ...row, schedules: parsed(row.schedules) ?? [] }));
}
