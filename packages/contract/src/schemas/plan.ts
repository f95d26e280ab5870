import { z } from 'zod';

/** Plans an organization can be on (SPEC part 8). Wire values are lower case. */
export const PLANS = ['free', 'starter', 'growth'] as const;

export const PlanSchema = z.enum(PLANS);

export type Plan = z.infer<typeof PlanSchema>;
