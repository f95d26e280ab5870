import { z } from 'zod';
import { checkedTogether, hasNoDuplicates, isLocalTime, LocalTime, Weekday } from './common.js';
import { SchedulingRulesBodyShape, SchedulingRulesShape } from './scheduling-rules.js';

const MeetingDuration = z
  .number()
  .int('must be a whole number of minutes')
  .min(5, 'must be at least 5 minutes')
  .max(480, 'must be at most 480 minutes');

/** At most this many preferred-hours windows a human. */
export const MAX_PREFERRED_WINDOWS = 50;

/** One window of preferred hours: local times on the given weekdays, start before end. */
export const PreferredHoursWindowSchema = checkedTogether(
  z
    .object({
      weekdays: z.array(Weekday).min(1, 'must contain at least one weekday').refine(hasNoDuplicates, 'must not contain duplicate weekdays'),
      start: LocalTime,
      end: LocalTime,
    })
    .strict(),
  (window, ctx) => {
    if (isLocalTime(window.start) && isLocalTime(window.end) && window.start >= window.end) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['end'], message: 'must be later than start' });
    }
  },
);

export type PreferredHoursWindow = z.infer<typeof PreferredHoursWindowSchema>;

/**
 * Body of PUT /v1/humans/{human_id}/availability, and of `availability` when creating a
 * human. The four schedule fields are required; the scheduling rules are optional (absent or
 * null = off): a PUT replaces the whole schedule, rules included.
 */
export const SetAvailabilityBodySchema = checkedTogether(
  z
    .object({
      working_days: z
        .array(Weekday)
        .min(1, 'must contain at least one weekday')
        .refine(hasNoDuplicates, 'must not contain duplicate weekdays'),
      work_start: LocalTime,
      work_end: LocalTime,
      meeting_durations: z
        .array(MeetingDuration)
        .min(1, 'must contain at least one duration')
        .max(20, 'must contain at most 20 durations')
        .refine(hasNoDuplicates, 'must not contain duplicate durations'),
      ...SchedulingRulesBodyShape,
      preferred_hours: z
        .array(PreferredHoursWindowSchema)
        .max(MAX_PREFERRED_WINDOWS, `must contain at most ${MAX_PREFERRED_WINDOWS} windows`)
        .nullable()
        .optional()
        .describe(
          'When the human would rather meet, local: [{weekdays: [1..7], start: "HH:MM", end: "HH:MM"}]. ' +
            'Only ranks suggestions (GET /v1/suggestions); slots and bookings ignore it. Absent or null = no preference.',
        ),
    })
    .strict(),
  (schedule, ctx) => {
    // Compare only well-formed times, so a malformed work_start is reported once, on itself.
    if (!isLocalTime(schedule.work_start) || !isLocalTime(schedule.work_end)) return;
    // No overnight shifts: a working day starts and ends on the same local date.
    if (schedule.work_start >= schedule.work_end) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['work_end'],
        message: 'must be later than work_start (overnight shifts are not supported)',
      });
    }
  },
);

export type SetAvailabilityBody = z.infer<typeof SetAvailabilityBodySchema>;

/** A human's base weekly schedule, as returned (and as availability_rules on a human). */
export const AvailabilitySchema = z.object({
  working_days: z.array(z.number().int()).describe('1 = Monday through 7 = Sunday'),
  work_start: z.string().describe("HH:MM in the human's timezone"),
  work_end: z.string().describe("HH:MM in the human's timezone"),
  meeting_durations: z.array(z.number().int()).describe('Allowed meeting lengths in minutes'),
  ...SchedulingRulesShape,
  preferred_hours: z
    .array(z.object({ weekdays: z.array(z.number().int()), start: z.string(), end: z.string() }))
    .nullable()
    .describe('Preferred meeting windows, local; null = no preference (only ranks suggestions)'),
});

export type Availability = z.infer<typeof AvailabilitySchema>;
