import { z } from 'zod';

/** A whole number in [min, max]; null or absent turns the rule off. */
const ruleValue = (min: number, max: number, unit: string) =>
  z
    .number()
    .int(`must be a whole number of ${unit}`)
    .min(min, `must be between ${min} and ${max} ${unit}`)
    .max(max, `must be between ${min} and ${max} ${unit}`)
    .nullable()
    .optional();

/**
 * The scheduling rules: optional fields of a schedule, beside the four required ones.
 * In a PUT, an absent or null field turns its rule off (a PUT replaces the whole schedule).
 */
export const SchedulingRulesBodyShape = {
  buffer_before: ruleValue(0, 240, 'minutes').describe('Free minutes a booking needs before it (0..240)'),
  buffer_after: ruleValue(0, 240, 'minutes').describe('Free minutes a booking needs after it (0..240)'),
  minimum_notice: ruleValue(0, 43_200, 'minutes').describe('No start earlier than now + this many minutes (0..43200)'),
  booking_horizon_days: ruleValue(1, 730, 'days').describe('No start later than now + this many days (1..730)'),
  slot_interval: ruleValue(5, 480, 'minutes').describe('Minutes between slot starts (5..480); default the duration'),
  max_bookings_per_day: ruleValue(1, 100, 'bookings').describe("Confirmed bookings a local day (human's timezone) may hold (1..100)"),
};

/** As returned in availability_rules: every rule present, null when off. */
export const SchedulingRulesShape = {
  buffer_before: z.number().int().nullable().describe('Minutes; null = no buffer'),
  buffer_after: z.number().int().nullable().describe('Minutes; null = no buffer'),
  minimum_notice: z.number().int().nullable().describe('Minutes; null = no minimum notice'),
  booking_horizon_days: z.number().int().nullable().describe('Days; null = no horizon'),
  slot_interval: z.number().int().nullable().describe('Minutes; null = the duration'),
  max_bookings_per_day: z.number().int().nullable().describe('null = no daily maximum'),
};

export const SCHEDULING_RULE_FIELDS = Object.keys(SchedulingRulesShape) as Array<keyof typeof SchedulingRulesShape>;
