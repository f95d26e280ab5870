import { z } from 'zod';
import { GroupModeSchema, HumanIdList } from './booking.js';
import { A_NUMBER, checkedTogether, IanaTimezone, LocalDate, UtcTimestamp, Uuid, queryNumber } from './common.js';
import { checkDateRange, SlotsQuerySchema } from './slot.js';
import { checkWindow, InterpretedAsSchema, WhenText } from './when.js';

export const MAX_SUGGESTIONS = 50;
export const DEFAULT_SUGGESTIONS = 10;

/** What a suggestion's score weighed, one reason each. */
export const SUGGESTION_REASON_CODES = ['attendee_hours', 'preferred_hours', 'room_around', 'spread', 'soon'] as const;
export const SuggestionReasonCodeSchema = z.enum(SUGGESTION_REASON_CODES);

/** Query of GET /v1/suggestions. */
export const SuggestionsQuerySchema = checkedTogether(
  z.object({
    human_ids: z
      .string()
      .describe('Comma-separated human ids, 1-20, distinct; date_from and date_to are local to the first')
      .transform((value) => value.split(',').map((id) => id.trim()))
      .pipe(HumanIdList),
    duration: SlotsQuerySchema.innerType().shape.duration,
    date_from: LocalDate.optional(),
    date_to: LocalDate.optional(),
    when: WhenText.optional(),
    mode: GroupModeSchema.default('all').describe('all (default): every human at once; any: one of them (round robin)'),
    attendee_timezone: IanaTimezone.optional().describe(
      "The attendee's IANA zone: starts inside 09:00-17:00 there rank higher, and `when` is read there",
    ),
    limit: queryNumber(
      z
        .number(A_NUMBER)
        .int('must be a whole number')
        .min(1, `must be between 1 and ${MAX_SUGGESTIONS}`)
        .max(MAX_SUGGESTIONS, `must be between 1 and ${MAX_SUGGESTIONS}`),
    )
      .default(DEFAULT_SUGGESTIONS)
      .describe(`How many suggestions, 1-${MAX_SUGGESTIONS} (default ${DEFAULT_SUGGESTIONS})`),
  }),
  (query, ctx) => checkWindow(query, ctx, checkDateRange),
);

export type SuggestionsQuery = z.infer<typeof SuggestionsQuerySchema>;

export const SuggestionSchema = z.object({
  starts_at: UtcTimestamp.describe('A listed start; pass it as-is to POST /v1/bookings'),
  ends_at: UtcTimestamp,
  human_ids: z.array(Uuid).describe('The humans free at this start, in the order of the query'),
  score: z.number().min(0).max(1).describe('Deterministic, in [0, 1]; higher is better'),
  reasons: z
    .array(z.object({ code: SuggestionReasonCodeSchema, message: z.string() }))
    .describe(
      'What the score weighed, e.g. {code: "attendee_hours", message: "10:00 Thu for the attendee in Asia/Tokyo (inside 09:00-17:00)"}',
    ),
});

export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsResponseSchema = z.object({
  data: z.array(SuggestionSchema).describe('Best first; ties go to the sooner start'),
  interpreted_as: InterpretedAsSchema.optional(),
});

export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;
