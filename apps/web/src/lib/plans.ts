import { OVERAGE_PACK, PLAN_LIMITS, type Plan } from '@humantime/contract';
import { formatNumber } from './format.js';

// What each plan offers, worded for people; the numbers are the contract's, which the
// server enforces.

export const PLAN_BLURB: Record<Plan, string> = {
  free: 'For trying humantime out.',
  starter: 'For a product in production.',
  growth: 'For agents at scale.',
};

export function webhookAllowance(plan: Plan): string {
  const max = PLAN_LIMITS[plan].maxWebhooks;
  return max === null ? 'Unlimited webhooks' : `Up to ${formatNumber(max)} webhooks`;
}

export const PACK_SIZE = OVERAGE_PACK.bookings;

/** The pack's price, formatted in its own currency. */
export function packPrice(): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: OVERAGE_PACK.currency }).format(OVERAGE_PACK.amountCents / 100);
}
