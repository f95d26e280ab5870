import { z } from 'zod';
import { AvailabilitySchema, SetAvailabilityBodySchema } from './availability.js';
import { Email, IanaTimezone, Uuid, UtcTimestamp } from './common.js';

const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

// Blank is rejected rather than stored: "no role" is absent or null, never "".
const Role = z.string().trim().min(1, 'must not be blank; omit it instead').max(100, 'must be at most 100 characters');

/** Body of POST /v1/humans. Without `availability` the server applies its default schedule. */
export const CreateHumanBodySchema = z
  .object({
    name: Name,
    timezone: IanaTimezone,
    // null is the same as absent, as the human's own answer writes it (a copied answer is a valid body).
    email: Email.nullable().optional(),
    role: Role.nullable().optional(),
    availability: SetAvailabilityBodySchema.optional(),
  })
  .strict();

export type CreateHumanBody = z.infer<typeof CreateHumanBodySchema>;

const UPDATABLE_HUMAN_FIELDS = ['name', 'email', 'role', 'timezone'] as const;

/** Body of PATCH /v1/humans/{human_id}: only the fields sent change; null clears email or role. */
export const UpdateHumanBodySchema = z
  .object({
    name: Name.optional(),
    email: Email.nullable().optional(),
    role: Role.nullable().optional(),
    timezone: IanaTimezone.optional(),
  })
  .strict()
  .refine((body) => UPDATABLE_HUMAN_FIELDS.some((field) => body[field] !== undefined), {
    message: `must contain at least one of ${UPDATABLE_HUMAN_FIELDS.join(', ')}`,
  });

export type UpdateHumanBody = z.infer<typeof UpdateHumanBodySchema>;

export const HumanSchema = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string().nullable(),
  role: z.string().nullable(),
  timezone: z.string().describe('IANA timezone name; work_start and work_end are in it'),
  availability_rules: AvailabilitySchema,
  created_at: UtcTimestamp,
  updated_at: UtcTimestamp,
});

export type Human = z.infer<typeof HumanSchema>;

export const HumanPathParamsSchema = z.object({ human_id: Uuid });
