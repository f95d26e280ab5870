import { z } from 'zod';
import { Uuid, UtcTimestamp } from './common.js';
import { PlanSchema } from './plan.js';

// Admin API only (/admin/v1): organizations are not reachable with an API key.

export const CreateOrganizationBodySchema = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    plan: PlanSchema.default('free'),
    auto_purchase: z.boolean().default(false),
  })
  .strict();

/** What the server receives after defaults are applied. */
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBodySchema>;
/** What a caller may send (plan and auto_purchase optional). */
export type CreateOrganizationInput = z.input<typeof CreateOrganizationBodySchema>;

export const UpdateOrganizationBodySchema = z
  .object({
    plan: PlanSchema.optional(),
    auto_purchase: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.plan !== undefined || body.auto_purchase !== undefined, {
    message: 'must contain at least one of plan, auto_purchase',
  });

export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBodySchema>;

export const OrganizationSchema = z.object({
  organization_id: Uuid,
  name: z.string(),
  plan: PlanSchema,
  auto_purchase: z.boolean(),
  created_at: UtcTimestamp,
});

export type Organization = z.infer<typeof OrganizationSchema>;

const ApiKey = z.string().describe('sk_live_ + at least 32 base62 characters; shown only once');

/** The 201 answer to creating an organization: the only time its first key is shown. */
export const OrganizationWithKeySchema = OrganizationSchema.extend({ api_key: ApiKey });

export type OrganizationWithKey = z.infer<typeof OrganizationWithKeySchema>;

/** Answer to rotate-key: the old key is already dead when this arrives. */
export const RotatedKeySchema = z.object({ organization_id: Uuid, api_key: ApiKey });

export type RotatedKey = z.infer<typeof RotatedKeySchema>;

export const OrganizationPathParamsSchema = z.object({ organization_id: Uuid });
