import type { Usage } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { billingPeriod, PLAN_LIMITS } from './plans.js';

/** This UTC month's usage; `quota` is the plan's, the limit is quota + overage_packs × 500. */
export async function getUsage(db: Db, org: AuthedOrganization, now: Date): Promise<Usage> {
  const { start, end } = billingPeriod(now);
  const row = await db.usagePeriod.findUnique({
    where: { organizationId_periodStart: { organizationId: org.id, periodStart: start } },
  });
  return {
    plan: org.plan,
    period_start: toTimestamp(start),
    period_end: toTimestamp(end),
    quota: PLAN_LIMITS[org.plan].monthlyQuota,
    used: row?.used ?? 0,
    overage_packs: row?.overagePacks ?? 0,
    auto_purchase: org.autoPurchase,
  };
}
