import { z } from 'zod';
import { StartInstant, Uuid, UtcTimestamp } from './common.js';
import { BookingAttendeeShape } from './booking.js';

/** How long a hold lasts: ttl_seconds 30..900, default 300. */
export const MIN_HOLD_TTL_SECONDS = 30;
export const MAX_HOLD_TTL_SECONDS = 900;
export const DEFAULT_HOLD_TTL_SECONDS = 300;
/** At most 100 live holds per organization (402 LIMIT_REACHED beyond). */
export const MAX_LIVE_HOLDS = 100;

/** Body of POST /v1/holds: the same start and duration a booking would take. */
export const CreateHoldBodySchema = z
  .object({
    human_id: Uuid,
    starts_at: StartInstant.describe('A starts_at from the slots response; any offset is accepted'),
    duration: z.number().int('must be a whole number of minutes').min(1, 'must be a positive number of minutes'),
    ttl_seconds: z
      .number()
      .int('must be a whole number of seconds')
      .min(MIN_HOLD_TTL_SECONDS, `must be from ${MIN_HOLD_TTL_SECONDS} to ${MAX_HOLD_TTL_SECONDS} seconds`)
      .max(MAX_HOLD_TTL_SECONDS, `must be from ${MIN_HOLD_TTL_SECONDS} to ${MAX_HOLD_TTL_SECONDS} seconds`)
      .optional()
      .describe(
        `Seconds the hold lives, ${MIN_HOLD_TTL_SECONDS}..${MAX_HOLD_TTL_SECONDS}; default ${DEFAULT_HOLD_TTL_SECONDS}. ` +
          "Never past the last moment the start can be booked (its human's minimum_notice before it): expires_at says when.",
      ),
  })
  .strict();

export type CreateHoldBody = z.infer<typeof CreateHoldBodySchema>;

export const HoldSchema = z.object({
  id: Uuid,
  human_id: Uuid,
  starts_at: UtcTimestamp,
  ends_at: UtcTimestamp.describe('starts_at plus duration_minutes'),
  duration_minutes: z.number().int(),
  expires_at: UtcTimestamp.describe(
    "From this instant the hold is gone: its time is free again and its id is 404. Now plus ttl_seconds, or the last moment the start can be booked (starts_at minus the human's minimum_notice) if that comes first",
  ),
  created_at: UtcTimestamp,
});

export type Hold = z.infer<typeof HoldSchema>;

/** Body of POST /v1/holds/{hold_id}/confirm: the attendee fields of a booking. */
export const ConfirmHoldBodySchema = z.object(BookingAttendeeShape).strict();

export type ConfirmHoldBody = z.infer<typeof ConfirmHoldBodySchema>;

export const HoldPathParamsSchema = z.object({ hold_id: Uuid });
