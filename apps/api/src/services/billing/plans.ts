// The limits themselves live in the contract, so the dashboard shows what is enforced here.
export { OVERAGE_PACK, PLAN_LIMITS, type PlanLimits } from '@humantime/contract';

/** The UTC calendar month containing `now`: [start, end). */
export function billingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
