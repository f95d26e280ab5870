import { GroupModeSchema, HumanIdList, LocalDate, MAX_SUGGESTIONS, WhenText, type InterpretedAs } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatLocal } from '../local-time.js';
import { describeLocalTimes, humansNamed, localTimesOf } from './each-human.js';
import { asTool, ok } from '../tool-result.js';

/** `when`, as the tools that take a window accept it: in place of date_from and date_to. */
export const whenInput = WhenText.optional().describe(
  'Instead of date_from/date_to: the window in plain English as the person said it ("tomorrow afternoon", "next Tuesday between 2 ' +
    'and 4pm", "the week of Dec 14"). It is read in the human\'s zone and the reading comes back as interpreted_as: confirm it with ' +
    'the person. Give either when or both dates.',
);

/** The line that says how a `when` was read, so the agent can confirm it with the person; empty without one. */
export function readingOf(when: string | undefined, interpreted: InterpretedAs | undefined): string {
  if (when === undefined || !interpreted) return '';
  return `Read "${when}" as ${interpreted.date_from}..${interpreted.date_to}, ${interpreted.from_time}-${interpreted.to_time} ${interpreted.timezone}.\n`;
}

export function registerSuggestionTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'suggest_times',
    {
      title: 'Suggest the best times to offer',
      description:
        'Ranks open starts of one or more humans and returns the best few (default 10, at most 3 a day), each with a score in [0, 1] and ' +
        "the reasons it weighed: inside the attendee's working day (give attendee_timezone), inside the human's preferred hours, room " +
        'around other meetings, sooner in the window. Every suggestion books as-is with book_slot (one human) or book_several_humans. ' +
        'Prefer this over find_slots when you must choose times to propose. Call time_context first if the person used relative dates. ' +
        'Give the window as when (plain English) or date_from/date_to (local to the first human). Refusals: NOT_FOUND, INVALID_DURATION, ' +
        'VALIDATION_ERROR (an unreadable when: rephrase it as in the examples).',
      inputSchema: {
        human_ids: HumanIdList.describe('The humans (1-20, distinct); dates are local to the first one'),
        duration: z.number().int().min(1).describe('Meeting length in minutes; every human must offer it'),
        when: whenInput.describe(
          'Instead of date_from/date_to: the window in plain English as the person said it ("tomorrow afternoon", "next Tuesday ' +
            'between 2 and 4pm"). It is read in attendee_timezone when given, else in the first human\'s zone, and the reading comes ' +
            'back as interpreted_as: confirm it with the person. Give either when or both dates.',
        ),
        date_from: LocalDate.optional().describe("First local date (YYYY-MM-DD) in the first human's zone"),
        date_to: LocalDate.optional().describe('Last local date, inclusive'),
        mode: GroupModeSchema.optional().describe('all (default): a meeting with every human; any: one free human of them'),
        attendee_timezone: z
          .string()
          .optional()
          .describe("The attendee's IANA zone, e.g. Asia/Tokyo: times in their working day rank higher"),
        limit: z.number().int().min(1).max(MAX_SUGGESTIONS).optional().describe(`How many (1-${MAX_SUGGESTIONS}, default 10)`),
      },
      annotations: { readOnlyHint: true },
    },
    (query) =>
      asTool(async () => {
        const [found, humans] = await Promise.all([client.suggestions.list(query), humansNamed(client, query.human_ids)]);
        const first = humans.get(query.human_ids[0]!)!;
        const several = query.human_ids.length > 1;
        const attendeeZone = query.attendee_timezone;
        const suggestions = found.data.map((s) => ({
          ...s,
          starts_at_local: formatLocal(s.starts_at, first.timezone),
          ends_at_local: formatLocal(s.ends_at, first.timezone),
          ...(several ? { local_times: localTimesOf(s.starts_at, s.human_ids, humans) } : {}),
          ...(attendeeZone ? { starts_at_attendee: formatLocal(s.starts_at, attendeeZone) } : {}),
        }));
        const read = readingOf(query.when, found.interpreted_as);
        const when = (s: (typeof suggestions)[number]) =>
          s.local_times ? `${s.starts_at}: ${describeLocalTimes(s.local_times)}` : `${s.starts_at_local} (${s.starts_at})`;
        const text =
          suggestions.length === 0
            ? `${read}No open ${query.duration}-minute starts in that window. Widen it.`
            : `${read}${suggestions.length} suggestions, best first:\n` +
              suggestions
                .map(
                  (s, i) =>
                    `${i + 1}. ${when(s)}${s.starts_at_attendee ? `; attendee: ${s.starts_at_attendee}` : ''}, score ${s.score}: ${s.reasons.map((r) => r.message).join('; ')}`,
                )
                .join('\n');
        return ok({ ...found, data: suggestions }, text);
      }),
  );
}
