import { z } from 'zod';
import { UtcTimestamp } from './common.js';
import { PlanSchema } from './plan.js';

/** GET /v1/usage: the booking quota of the current UTC calendar month. */
export const UsageSchema = z.object({
  plan: PlanSchema,
  period_start: UtcTimestamp.describe('00:00 UTC on the 1st of the current month'),
  period_end: UtcTimestamp.describe('00:00 UTC on the 1st of the next month, when the quota resets'),
  quota: z.number().int().describe("The plan's monthly booking quota"),
  used: z.number().int().describe('Bookings created this period; cancelling refunds nothing'),
  overage_packs: z.number().int().describe('Packs of 500 extra bookings bought this period'),
  auto_purchase: z.boolean().describe('Whether a pack is bought automatically at the quota'),
});

export type Usage = z.infer<typeof UsageSchema>;
