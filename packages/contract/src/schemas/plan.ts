import { z } from 'zod';

/** Plans an organization can be on. Wire values are lower case. */
export const PLANS = ['free', 'starter', 'growth'] as const;

export const PlanSchema = z.enum(PLANS);

export type Plan = z.infer<typeof PlanSchema>;

/** Every number that depends on the plan, in one place. */
export interface PlanLimits {
  /** Bookings per UTC calendar month before overage. */
  monthlyQuota: number;
  /** Webhooks per organization; null = unlimited. */
  maxWebhooks: number | null;
  /** Whether auto-purchase of overage packs is available on this plan. */
  overage: boolean;
}

/**
 * The server enforces these and the dashboard describes them; both read them from here so
 * a price or quota cannot differ between what is charged and what is shown.
 */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { monthlyQuota: 100, maxWebhooks: 2, overage: false },
  starter: { monthlyQuota: 1_000, maxWebhooks: 10, overage: true },
  growth: { monthlyQuota: 10_000, maxWebhooks: null, overage: true },
};

/** One overage pack: 500 more bookings this month for 19.00 USD. */
export const OVERAGE_PACK = { bookings: 500, amountCents: 1_900, currency: 'USD' } as const;
