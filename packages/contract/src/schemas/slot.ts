import { z } from 'zod';
import { GroupModeSchema, HumanIdList } from './booking.js';
import { A_NUMBER, checkedTogether, LocalDate, UtcTimestamp, Uuid, queryNumber } from './common.js';
import { daysBetween, isLocalDate } from './local-date-math.js';
import { checkWindow, InterpretedAsSchema, WhenText } from './when.js';

/**
 * A slots range is "at most 62 days", read as at most 62 calendar dates counting both inclusive
 * ends, i.e. date_to - date_from <= 61 days. 2026-01-01..2026-03-03 (62 dates) passes;
 * 2026-01-01..2026-03-04 (63 dates) fails.
 */
export const MAX_SLOT_RANGE_DATES = 62;

/** Query of GET /v1/humans/{human_id}/slots. Dates are in the human's timezone, inclusive. */
export const SlotsQuerySchema = checkedTogether(
  z.object({
    date_from: LocalDate.optional(),
    date_to: LocalDate.optional(),
    when: WhenText.optional(),
    // Only the shape is checked here; whether the human offers this duration is a business
    // rule, answered with INVALID_DURATION by the server.
    duration: queryNumber(
      z
        .number(A_NUMBER)
        .int('must be a whole number of minutes')
        // min(1), not positive(): the same for integers, and it becomes OpenAPI 3.0's
        // `minimum: 1` instead of a 3.1-style numeric exclusiveMinimum.
        .min(1, 'must be a positive number of minutes'),
    ),
  }),
  (query, ctx) => checkWindow(query, ctx, checkDateRange),
);

/** date_to not before date_from, and the range at most MAX_SLOT_RANGE_DATES dates. */
export function checkDateRange(query: { date_from: unknown; date_to: unknown }, ctx: z.RefinementCtx) {
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
}

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
  interpreted_as: InterpretedAsSchema.optional(),
});

export type SlotsResponse = z.infer<typeof SlotsResponseSchema>;

/** Query of GET /v1/slots: several humans, dates local to the first one. */
export const GroupSlotsQuerySchema = checkedTogether(
  z.object({
    human_ids: z
      .string()
      .describe('Comma-separated human ids, 1-20, distinct; the dates are local to the first')
      .transform((value) => value.split(',').map((id) => id.trim()))
      .pipe(HumanIdList),
    mode: GroupModeSchema.describe('all: starts every human would list; any: starts at least one would list'),
    date_from: LocalDate.optional(),
    date_to: LocalDate.optional(),
    when: WhenText.optional(),
    duration: SlotsQuerySchema.innerType().shape.duration,
  }),
  (query, ctx) => checkWindow(query, ctx, checkDateRange),
);

export type GroupSlotsQuery = z.infer<typeof GroupSlotsQuerySchema>;

export const GroupSlotSchema = SlotSchema.extend({
  human_ids: z.array(Uuid).describe('The listed humans free at this start, in the order of the query'),
});

export type GroupSlot = z.infer<typeof GroupSlotSchema>;

export const GroupSlotsResponseSchema = z.object({
  slots: z.array(GroupSlotSchema).describe('Sorted ascending, no duplicates'),
  timezone: z.string().describe("The first human's timezone, in which date_from and date_to were read"),
  duration: z.number().int().describe('Minutes, as requested'),
  mode: GroupModeSchema,
  interpreted_as: InterpretedAsSchema.optional(),
});

export type GroupSlotsResponse = z.infer<typeof GroupSlotsResponseSchema>;
