// Hand-written statements on `quota_shards`: the month's quota counter, split in shards so
// that bookings of one organization do not queue on one row (docs/decisions/0017-quota-shards.md).
// The fast path (a fragment of the atomic booking statement) takes a unit from one shard's
// allowance; the slow path (inside the booking transaction) locks the month and all its shards
// and hands out what is left under the limit again.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import type { PeriodKey, QuotaUnit } from './usage-periods.js';

/** Shards per organization and month: see docs/decisions/0017-quota-shards.md for why 8. */
export const SHARDS = 8;

/** A unit the fast path tries to take: from `shard`, only under allowances set for `quota`. */
export interface ShardUnit {
  key: PeriodKey;
  /** The plan's monthly quota: allowances stamped with another are not trusted. */
  quota: number;
  /** 0 ≤ shard < SHARDS, picked at random by the caller: where the search for a free shard starts. */
  shard: number;
}

/**
 * The fast path as a fragment (with `from`, run after that CTE's row): one more used on one
 * shard that has allowance left under this plan's quota. The shard is the first one, looking
 * from `shard` (random) on, that has allowance in the statement's snapshot and that no other
 * booking is taking right now: each booking claims its shard with a transaction-scoped
 * advisory lock that it only ever tries (pg_try_advisory_xact_lock, never waiting), so racing
 * bookings spread over the 8 rows instead of queueing behind one another's commit. When every
 * shard with allowance is being taken, it waits for the first one with allowance. And a dry
 * shard sends nobody to the slow path (which locks all 8) while another has allowance: the
 * slow path runs about once per refill of the whole month, not once per shard.
 *
 * Locks: it waits for at most one row lock, that of the shard it updates, and holds it until
 * commit; the advisory lock nobody waits for. So the slow path, which locks the shards in
 * order, cannot deadlock with it. (FOR UPDATE SKIP LOCKED was tried instead of the advisory
 * locks, and could wait, while holding a shard, on a row version the slow path had written.)
 * No row: the caller takes the slow path (every shard is dry, missing, or stamped under
 * another plan, or the one waited for ran dry meanwhile), never a refusal by itself.
 */
export function shardUnitUpdate(p: Params, u: ShardUnit, from?: string): string {
  const org = p.ref(u.key.organizationId, 'uuid');
  const period = p.ref(u.key.periodStart, 'date');
  const quota = p.ref(u.quota, 'int');
  const first = p.ref(u.shard, 'int');
  const withAllowance = `SELECT s.shard FROM quota_shards s
             WHERE s.organization_id = ${org} AND s.period_start = ${period} AND s.used < s.allowance AND s.quota = ${quota}
             ORDER BY (s.shard + ${SHARDS} - ${first}) % ${SHARDS}`;
  // The sorted candidates are tried in order, and LIMIT 1 stops at the first lock taken; OFFSET 0
  // keeps the subquery whole, so the try is not pushed down into its scan (it would lock all).
  const untaken = `SELECT c.shard FROM (${withAllowance} OFFSET 0) c
             WHERE pg_try_advisory_xact_lock(hashtext(${org}::text || ${period}::text), c.shard) LIMIT 1`;
  return `UPDATE quota_shards SET used = quota_shards.used + 1${from ? ` FROM ${from}` : ''}
     WHERE quota_shards.organization_id = ${org}
       AND quota_shards.period_start = ${period}
       AND quota_shards.shard = COALESCE((${untaken}), (${withAllowance} LIMIT 1))
       AND quota_shards.used < quota_shards.allowance
       AND quota_shards.quota = ${quota}`;
}

/** The month as the slow path sees it, every row of it locked until commit. */
export interface LockedMonth {
  overagePacks: number;
  /** Each shard's used, by shard number. */
  used: number[];
  /** Each shard's allowance, by shard number, as it was when locked. */
  allowance: number[];
  /** The plan quota each shard's allowance was handed out under, by shard number. */
  quota: number[];
}

/**
 * Locks the month for a change of allowances: the usage_periods row first (created if
 * missing; two slow paths queue here), then all 8 shards in shard order (created if missing,
 * a month older than the shards carrying its usage_periods.used on shard 0). Waits for the
 * fast-path bookings in flight on any shard, and reads their committed units: exact.
 */
export async function lockMonth(query: Sql, key: PeriodKey): Promise<LockedMonth> {
  const p = new Params();
  const [period] = await query<{ used: number; overage_packs: number }>(
    `INSERT INTO usage_periods (organization_id, period_start) VALUES (${p.ref(key.organizationId, 'uuid')}, ${p.ref(key.periodStart, 'date')})
     ON CONFLICT (organization_id, period_start) DO UPDATE SET used = usage_periods.used
     RETURNING used, overage_packs`,
    p.values,
  );
  const q = new Params();
  const [org, start, carried] = [q.ref(key.organizationId, 'uuid'), q.ref(key.periodStart, 'date'), q.ref(period!.used, 'int')];
  const shards = await query<{ shard: number; used: number; allowance: number; quota: number }>(
    `INSERT INTO quota_shards (organization_id, period_start, shard, used, allowance, quota)
     SELECT ${org}, ${start}, s, CASE WHEN s = 0 THEN ${carried} ELSE 0 END, CASE WHEN s = 0 THEN ${carried} ELSE 0 END, 0
       FROM generate_series(0, ${SHARDS - 1}) AS s ORDER BY s
     ON CONFLICT (organization_id, period_start, shard) DO UPDATE SET used = quota_shards.used
     RETURNING shard, used, allowance, quota`,
    q.values,
  );
  const used = new Array<number>(SHARDS).fill(0);
  const allowance = new Array<number>(SHARDS).fill(0);
  const quota = new Array<number>(SHARDS).fill(0);
  for (const row of shards) {
    used[row.shard] = row.used;
    allowance[row.shard] = row.allowance;
    quota[row.shard] = row.quota;
  }
  return { overagePacks: period!.overage_packs, used, allowance, quota };
}

/**
 * On a month locked by lockMonth: takes one unit on shard 0 and hands each shard an
 * allowance of its used plus an even share of what is then left under the limit, stamped with
 * the plan's quota; usage_periods gets the month's total and its packs. The free allowances
 * so never sum to more than limit − total used. Call only when total used < limit.
 */
export async function refillShards(query: Sql, u: QuotaUnit, month: LockedMonth): Promise<void> {
  const used = month.used.map((n, shard) => (shard === 0 ? n + 1 : n));
  const total = used.reduce((a, b) => a + b, 0);
  const left = Math.max(0, u.quota + month.overagePacks * u.packSize - total);
  const allowance = used.map((n, shard) => n + Math.floor(left / SHARDS) + (shard < left % SHARDS ? 1 : 0));
  const p = new Params();
  const totals = `used = ${p.ref(total, 'int')}, overage_packs = ${p.ref(month.overagePacks, 'int')}`;
  const [org, start] = [p.ref(u.key.organizationId, 'uuid'), p.ref(u.key.periodStart, 'date')];
  await query(
    `WITH period AS (
       UPDATE usage_periods SET ${totals}
        WHERE organization_id = ${org} AND period_start = ${start})
     UPDATE quota_shards AS s SET used = a.used, allowance = a.allowance, quota = ${p.ref(u.quota, 'int')}
       FROM unnest(${p.ref(used, 'int[]')}, ${p.ref(allowance, 'int[]')}) WITH ORDINALITY AS a(used, allowance, n)
      WHERE s.organization_id = ${org} AND s.period_start = ${start} AND s.shard = a.n - 1`,
    p.values,
  );
}

/** The month's used (exact: the shards' sum) and packs; zeros before its first booking. */
export async function readMonthUsage(query: Sql, key: PeriodKey): Promise<{ used: number; overagePacks: number }> {
  const p = new Params();
  const [row] = await query<{ used: number; overage_packs: number }>(
    `SELECT COALESCE((SELECT sum(s.used)::int FROM quota_shards s
                       WHERE s.organization_id = m.organization_id AND s.period_start = m.period_start), m.used) AS used,
            m.overage_packs
       FROM usage_periods m WHERE m.organization_id = ${p.ref(key.organizationId, 'uuid')} AND m.period_start = ${p.ref(key.periodStart, 'date')}`,
    p.values,
  );
  return { used: row?.used ?? 0, overagePacks: row?.overage_packs ?? 0 };
}
