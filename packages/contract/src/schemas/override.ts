import { z } from 'zod';
import { checkedTogether, hasNoDuplicates, isLocalTime, LocalDate, LocalTime, Uuid, UtcTimestamp, Weekday } from './common.js';
import { daysBetween, isLocalDate } from './local-date-math.js';

export const OVERRIDE_KINDS = ['block', 'open'] as const;
export const OverrideKindSchema = z.enum(OVERRIDE_KINDS);
export type OverrideKind = z.infer<typeof OverrideKindSchema>;

/**
 * An inclusive date range may cover at most 366 dates (a leap year), i.e.
 * end_date - start_date <= 365 days. "Span" counts dates, as for the slots range.
 */
export const MAX_OVERRIDE_DATES = 366;

/**
 * Body of POST /v1/humans/{human_id}/overrides. Dates and times are local to the human's
 * timezone. end_date stays optional here; the server resolves it to start_date.
 */
export const CreateOverrideBodySchema = checkedTogether(
  z
    .object({
      kind: OverrideKindSchema,
      start_date: LocalDate,
      end_date: LocalDate.optional().describe(
        'Last date, inclusive; default start_date (one day). A weekly block (weekdays with times) needs it: at most 365 days after start_date',
      ),
      start_time: LocalTime.optional(),
      end_time: LocalTime.optional(),
      weekdays: z
        .array(Weekday)
        .min(1, 'must contain at least one weekday; omit it for every day of the range')
        .refine(hasNoDuplicates, 'must not contain duplicate weekdays')
        .optional(),
      reason: z.string().trim().min(1, 'must not be blank; omit it instead').max(200, 'must be at most 200 characters').optional(),
    })
    .strict(),
  (body, ctx) => {
    // Each cross-field rule looks only at fields that are themselves well formed, so one
    // mistake yields one message, on the field that is wrong.
    if (body.end_date !== undefined && isLocalDate(body.start_date) && isLocalDate(body.end_date)) {
      const days = daysBetween(body.start_date, body.end_date);
      if (days < 0) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
      } else if (days > MAX_OVERRIDE_DATES - 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['end_date'],
          message: `must be at most ${MAX_OVERRIDE_DATES - 1} days after start_date (at most ${MAX_OVERRIDE_DATES} dates)`,
        });
      }
    }

    const hasStart = body.start_time !== undefined;
    const hasEnd = body.end_time !== undefined;
    if (body.kind === 'open' && !hasStart && !hasEnd) {
      ctx.addIssue({
        code: 'custom',
        path: ['start_time'],
        message: 'is required for an open override, together with end_time',
      });
    } else if (hasStart !== hasEnd) {
      const [missing, present] = hasStart ? ['end_time', 'start_time'] : ['start_time', 'end_time'];
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `is required when ${present} is given (send both or neither)`,
      });
    } else if (isLocalTime(body.start_time) && isLocalTime(body.end_time)) {
      if (body.start_time >= body.end_time) {
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must be later than start_time' });
      }
    }
  },
);

export type CreateOverrideBody = z.infer<typeof CreateOverrideBodySchema>;

export const OverrideSchema = z.object({
  id: Uuid,
  human_id: Uuid,
  kind: OverrideKindSchema,
  start_date: z.string().describe('YYYY-MM-DD, inclusive'),
  end_date: z.string().describe('YYYY-MM-DD, inclusive (start_date when none was given)'),
  start_time: z.string().nullable().describe('HH:MM; null with end_time for whole days'),
  end_time: z.string().nullable().describe('HH:MM; null with start_time for whole days'),
  weekdays: z.array(z.number().int()).nullable().describe('1..7; null for every day of the range'),
  reason: z.string().nullable(),
  created_at: UtcTimestamp,
});

export type Override = z.infer<typeof OverrideSchema>;

export const OverridePathParamsSchema = z.object({ human_id: Uuid, override_id: Uuid });
