import type { Sql } from '../../db/sql.js';
import { randomInt } from 'node:crypto';
import type { QuotaUnit } from '../../db/tables/usage-periods.js';
import { pausedReasonOf } from '../../db/tables/billing-accounts.js';
import { lockMonth, refillShards, SHARDS, type LockedMonth, type ShardUnit } from '../../db/tables/quota-shards.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { billingPeriod, OVERAGE_PACK, PLAN_LIMITS } from './plans.js';

/** The unit a booking of `org` made at `now` takes: this UTC month's counter, under the plan's limit. */
export function quotaUnitOf(org: AuthedOrganization, now: Date): QuotaUnit {
  const { start } = billingPeriod(now);
  return {
    key: { organizationId: org.id, periodStart: start.toISOString().slice(0, 10) },
    quota: PLAN_LIMITS[org.plan].monthlyQuota,
    packSize: OVERAGE_PACK.bookings,
  };
}

/** The unit the atomic booking statement tries first: on a shard picked at random. */
export function shardUnitOf(org: AuthedOrganization, now: Date): ShardUnit {
  const { key, quota } = quotaUnitOf(org, now);
  return { key, quota, shard: randomInt(SHARDS) };
}

/** Whether at the limit `org` buys an overage pack rather than refusing. */
export function buysOverage(org: AuthedOrganization): boolean {
  return PLAN_LIMITS[org.plan].overage && org.autoPurchase;
}

/**
 * The refusal at the limit when no pack is bought (see buysOverage); `pausedReason` when a
 * refused charge switched auto-purchase off, so the agent can tell its person why.
 */
export function limitReached(org: AuthedOrganization, pausedReason?: string | null): AppError {
  const why = !PLAN_LIMITS[org.plan].overage
    ? '; upgrade the plan for more bookings.'
    : pausedReason
      ? ` and auto-purchase of overage was paused because ${pausedReason}; switch it on again on the dashboard's Overview.`
      : ' and auto-purchase of overage is off.';
  return new AppError('LIMIT_REACHED', `The monthly booking quota of the ${org.plan} plan is used up${why}`);
}

/** A month locked by lockQuota, for consumeQuota to take units from. */
export type LockedQuota = LockedMonth;

/**
 * The slow path's first step, taken FIRST in a booking transaction (before anything touches
 * a human's row): locks this month's counter and all its shards until commit. A booking in
 * the atomic statement takes its shard before its humans row (the time claim's trigger runs
 * at the end of the statement), so the slow path must take them in that order too, or the
 * two deadlock. The total it reads is exact: no other booking can take a unit meanwhile.
 */
export function lockQuota(query: Sql, org: AuthedOrganization, now: Date): Promise<LockedQuota> {
  return lockMonth(query, quotaUnitOf(org, now).key);
}

/**
 * Whether a month locked by lockQuota has allowance left for a booking of `org` now on some
 * shard. A booking whose atomic statement found no shard with allowance and that finds some
 * once it holds the month's lock waited behind another booking's refill (or pack): it can let
 * the lock go and take the fast path again, instead of holding all 8 shards for a whole
 * booking transaction while every other booking waits.
 */
export function refilledMeanwhile(org: AuthedOrganization, now: Date, month: LockedQuota): boolean {
  const { quota } = quotaUnitOf(org, now);
  return month.allowance.some((allowance, shard) => month.quota[shard] === quota && month.used[shard]! < allowance);
}

/**
 * Thrown by consumeQuota at the limit with auto-purchase on a paid plan: the booking
 * transaction rolls back (holding nothing), the pack is bought outside it (buy-pack.ts, never
 * holding a lock across the charge) and the booking runs again under the new limit. Not an
 * AppError: it is no refusal, and nothing is recorded for an Idempotency-Key.
 */
export class PackNeeded extends Error {
  constructor(
    /** The month's packs bought so far + 1. */
    readonly packNumber: number,
    /** "YYYY-MM-DD", the first day of the month. */
    readonly periodStart: string,
  ) {
    super(`overage pack ${packNumber} of ${periodStart} needed`);
    this.name = 'PackNeeded';
  }
}

/**
 * The slow path: takes one booking from this month's quota inside the booking transaction
 * (so a refused or rolled-back booking counts nothing), when the atomic statement's shard
 * had no allowance left for it. On the month locked by lockQuota: under the limit it hands out
 * what is left over the shards again and takes the unit. At the limit, with auto-purchase on
 * a paid plan, it throws PackNeeded for the caller to buy the pack outside the transaction
 * (withOveragePacks). Called last: the quota is the last of the booking checks.
 */
export async function consumeQuota(query: Sql, org: AuthedOrganization, { month, now }: { month: LockedQuota; now: Date }): Promise<void> {
  const unit = quotaUnitOf(org, now);
  const used = month.used.reduce((a, b) => a + b, 0);
  if (used >= unit.quota + month.overagePacks * unit.packSize) {
    if (!buysOverage(org)) throw limitReached(org, PLAN_LIMITS[org.plan].overage ? await pausedReasonOf(query, org.id) : null);
    throw new PackNeeded(month.overagePacks + 1, unit.key.periodStart);
  }
  await refillShards(query, unit, month);
  month.used[0]! += 1;
}
