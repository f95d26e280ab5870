import { z } from 'zod';
import { ErrorCodeSchema } from '../errors.js';
import { A_NUMBER, queryNumber, StartInstant } from './common.js';
import { SlotSchema } from './slot.js';

/** At most this many alternatives come back with a start that would not book. */
export const MAX_CHECK_ALTERNATIVES = 3;

/** Query of GET /v1/humans/{human_id}/check: the start and duration a booking would send. */
export const CheckQuerySchema = z.object({
  starts_at: StartInstant.describe('The start to judge, as POST /v1/bookings would send it'),
  duration: queryNumber(z.number(A_NUMBER).int('must be a whole number of minutes').min(1, 'must be a positive number of minutes')),
});

export type CheckQuery = z.infer<typeof CheckQuerySchema>;

/**
 * Whether POST /v1/bookings would accept this start now (quota aside), judged by the same
 * check in the same order. When it would not, `code` is the error code the booking would
 * get and `alternatives` the listed starts nearest to it.
 */
export const CheckResultSchema = z.object({
  bookable: z.boolean(),
  code: ErrorCodeSchema.nullable().describe('The refusal a booking would get; null when bookable'),
  message: z.string().nullable().describe('Why, and what to do instead; null when bookable'),
  alternatives: z
    .array(SlotSchema)
    .max(MAX_CHECK_ALTERNATIVES)
    .describe('Up to 3 bookable starts nearest to the requested one, ascending; empty when bookable'),
});

export type CheckResult = z.infer<typeof CheckResultSchema>;
