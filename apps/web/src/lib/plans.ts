import type { Plan } from '@humantime/contract';

/**
 * What each plan offers, as PRODUCT "Plans, quota and overage" fixes it. The server
 * enforces these; the page only describes them.
 */
export const PLAN_FACTS: Record<Plan, { quota: number; webhooks: string; overage: boolean; blurb: string }> = {
  free: { quota: 100, webhooks: 'Up to 2 webhooks', overage: false, blurb: 'For trying humantime out.' },
  starter: { quota: 1000, webhooks: 'Up to 10 webhooks', overage: true, blurb: 'For a product in production.' },
  growth: { quota: 10000, webhooks: 'Unlimited webhooks', overage: true, blurb: 'For agents at scale.' },
};

export const PACK_SIZE = 500;
export const PACK_PRICE_USD = 19;
