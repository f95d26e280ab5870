import type { Usage } from '@humantime/contract';
import { readMonthUsage } from '../../db/tables/quota-shards.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { billingPeriod, PLAN_LIMITS } from './plans.js';

/** This UTC month's usage; `quota` is the plan's, the limit is quota + overage_packs × 500. */
export async function getUsage({ store, clock }: Pick<ServiceDeps, 'store' | 'clock'>, org: AuthedOrganization): Promise<Usage> {
  const { start, end } = billingPeriod(clock());
  // Exact: the sum over the month's shards, each read as committed.
  const month = await readMonthUsage(store.sql, { organizationId: org.id, periodStart: start.toISOString().slice(0, 10) });
  return {
    plan: org.plan,
    period_start: toTimestamp(start),
    period_end: toTimestamp(end),
    quota: PLAN_LIMITS[org.plan].monthlyQuota,
    used: month.used,
    overage_packs: month.overagePacks,
    auto_purchase: org.autoPurchase,
  };
}
