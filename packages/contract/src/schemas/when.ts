import { z } from 'zod';
import { LocalDate } from './common.js';

/** Longest `when` text read; a longer one is refused before any parsing. */
export const MAX_WHEN_LENGTH = 200;

/**
 * A plain-English window ("tomorrow afternoon", "next Tuesday between 2 and 4pm", "the week of
 * Dec 14"), read on the server in a zone, in place of date_from and date_to.
 */
export const WhenText = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_WHEN_LENGTH, `must be at most ${MAX_WHEN_LENGTH} characters`)
  .describe(
    'A window in plain English, e.g. "tomorrow afternoon", "next Tuesday between 2 and 4pm", "the week of Dec 14", ' +
      'read in the stated zone; takes the place of date_from and date_to (not both). Fixed parts of a day: morning ' +
      '09:00-12:00, afternoon 12:00-17:00, evening 17:00-21:00, a bare day 00:00-24:00. The reading is echoed as interpreted_as.',
  );

/** How a `when` was read: local dates and times of day in `timezone`; starts inside are listed. */
export const InterpretedAsSchema = z
  .object({
    date_from: LocalDate.describe('First local date, inclusive'),
    date_to: LocalDate.describe('Last local date, inclusive'),
    from_time: z.string().describe('HH:MM, local: starts from this time of day on each date'),
    to_time: z.string().describe('HH:MM, local (24:00 = midnight): starts before this time of day'),
    timezone: z.string().describe('The zone the words were read in'),
  })
  .describe('How `when` was read, to confirm with the person');

export type InterpretedAs = z.infer<typeof InterpretedAsSchema>;

/**
 * The window of a query: `when`, or date_from with date_to, never both. Issues name the field
 * at fault; the range check of the dates is left to `checkDates`, run only when both are given.
 */
export function checkWindow(
  query: { when?: unknown; date_from?: unknown; date_to?: unknown },
  ctx: z.RefinementCtx,
  checkDates: (dates: { date_from: unknown; date_to: unknown }, ctx: z.RefinementCtx) => void,
): void {
  if (query.when !== undefined) {
    if (query.date_from !== undefined || query.date_to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['when'], message: 'must not be given with date_from or date_to: when takes their place' });
    }
    return;
  }
  for (const field of ['date_from', 'date_to'] as const) {
    if (query[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Required (or give when instead)' });
  }
  if (query.date_from !== undefined && query.date_to !== undefined) checkDates({ date_from: query.date_from, date_to: query.date_to }, ctx);
}
