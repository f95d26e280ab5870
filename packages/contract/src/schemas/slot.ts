import { z } from 'zod';
import { LocalDate, UtcTimestamp } from './common.js';
import { daysBetween, isLocalDate } from './local-date-math.js';

/**
 * PRODUCT: "at most 62 days", read as at most 62 calendar dates counting both inclusive
 * ends, i.e. date_to - date_from <= 61 days. 2026-01-01..2026-03-03 (62 dates) passes;
 * 2026-01-01..2026-03-04 (63 dates) fails.
 */
export const MAX_SLOT_RANGE_DATES = 62;

/** Query of GET /v1/humans/{human_id}/slots. Dates are in the human's timezone, inclusive. */
export const SlotsQuerySchema = z
  .object({
    date_from: LocalDate,
    date_to: LocalDate,
    // Only the shape is checked here; whether the human offers this duration is a business
    // rule, answered with INVALID_DURATION by the server.
    duration: z.coerce
      .number()
      .int('must be a whole number of minutes')
      // min(1), not positive(): the same for integers, and it becomes OpenAPI 3.0's
      // `minimum: 1` instead of a 3.1-style numeric exclusiveMinimum.
      .min(1, 'must be a positive number of minutes'),
  })
  .superRefine((query, ctx) => {
    if (!isLocalDate(query.date_from) || !isLocalDate(query.date_to)) return;
    const days = daysBetween(query.date_from, query.date_to);
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'must not be before date_from' });
    } else if (days > MAX_SLOT_RANGE_DATES - 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['date_to'],
        message: `must be at most ${MAX_SLOT_RANGE_DATES - 1} days after date_from (at most ${MAX_SLOT_RANGE_DATES} dates)`,
      });
    }
  });

export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

export const SlotSchema = z.object({
  starts_at: UtcTimestamp.describe('Bookable start; pass it as-is to POST /v1/bookings'),
  ends_at: UtcTimestamp,
});

export type Slot = z.infer<typeof SlotSchema>;

export const SlotsResponseSchema = z.object({
  slots: z.array(SlotSchema).describe('Sorted ascending, no duplicates'),
  timezone: z.string().describe("The human's timezone, for display only"),
  duration: z.number().int().describe('Minutes, as requested'),
});

export type SlotsResponse = z.infer<typeof SlotsResponseSchema>;
