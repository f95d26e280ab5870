import type { Plan } from '../../generated/prisma/enums.js';

/** Every number that depends on the plan, in one place (SPEC part 8, PRODUCT "Plans"). */
export interface PlanLimits {
  /** Bookings per UTC calendar month before overage. */
  monthlyQuota: number;
  /** Webhooks per organization; null = unlimited. */
  maxWebhooks: number | null;
  /** Whether auto-purchase of overage packs is available on this plan. */
  overage: boolean;
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { monthlyQuota: 100, maxWebhooks: 2, overage: false },
  starter: { monthlyQuota: 1_000, maxWebhooks: 10, overage: true },
  growth: { monthlyQuota: 10_000, maxWebhooks: null, overage: true },
};

export const OVERAGE_PACK = { bookings: 500, amountCents: 1_900, currency: 'USD' } as const;

/** The UTC calendar month containing `now`: [start, end). */
export function billingPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}
