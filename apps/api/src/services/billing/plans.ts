import { PLAN_LIMITS, type PlanLimits } from '@humantime/contract';
import type { Plan } from '../../generated/prisma/enums.js';

// The limits themselves live in the contract, so the dashboard shows what is enforced here.
export { OVERAGE_PACK, type PlanLimits } from '@humantime/contract';

export const PLANS: Record<Plan, PlanLimits> = PLAN_LIMITS;

/** The UTC calendar month containing `now`: [start, end). */
export function billingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
