import { randomUUID } from 'node:crypto';
import { CreateBookingBodySchema, GroupModeSchema, HumanIdList, LocalDate } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatLocal } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok, type NextSteps } from '../tool-result.js';
import { zoneLookup } from '../zones.js';
import { describeBooking, localBooking } from './booking-tools.js';
import { describeLocalTimes, humansNamed, localTimesOf } from './each-human.js';
import { readingOf, whenInput } from './suggestion-tools.js';

const { starts_at, duration, attendee_name, attendee_email, metadata } = shapeOf(CreateBookingBodySchema);
const humanIds = HumanIdList.describe('The humans (1-20, distinct); dates are local to the first one');
const mode = GroupModeSchema.describe('all: a meeting with every human at once; any: one free human of them (round robin)');

/** Several humans' tools lead back to find_slots_for_humans, not to the one-human tools. */
const GROUP_NEXT: NextSteps = {
  SLOT_UNAVAILABLE:
    'One of the humans is taken at that time (booked, held, or busy in a connected calendar). Call find_slots_for_humans again and book ' +
    'another listed start.',
  NOT_FOUND: 'One of human_ids does not exist in this organization (the message names it). Find the right ids with list_humans.',
};

export function registerGroupTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'find_slots_for_humans',
    {
      title: 'Find open slots across several humans',
      description:
        'Lists starts for several humans at once between two LOCAL dates of the FIRST human (inclusive, at most 62), or inside a plain-English ' +
        'window (when; confirm the interpreted_as it returns). mode=all: times every ' +
        'human is free (a meeting with all of them); mode=any: times at least one is free, each naming the free human_ids (round robin). ' +
        "Each slot gives starts_at (UTC, pass it unchanged to book_several_humans), starts_at_local in the first human's zone, and " +
        "local_times: each human's own wall time (mode=any: of the free ones). " +
        'Refusals: NOT_FOUND (a human id), INVALID_DURATION (a human does not offer it), VALIDATION_ERROR.',
      inputSchema: {
        human_ids: humanIds,
        mode,
        date_from: LocalDate.optional().describe("First local date (YYYY-MM-DD) in the first human's zone (or give when)"),
        date_to: LocalDate.optional().describe('Last local date, inclusive'),
        when: whenInput,
        duration: z.number().int().min(1).describe('Meeting length in minutes; every human must offer it'),
      },
      annotations: { readOnlyHint: true },
    },
    (query) =>
      asTool(async () => {
        const [found, humans] = await Promise.all([client.slots.forHumans(query), humansNamed(client, query.human_ids)]);
        const slots = found.slots.map((s) => ({
          ...s,
          starts_at_local: formatLocal(s.starts_at, found.timezone),
          ends_at_local: formatLocal(s.ends_at, found.timezone),
          local_times: localTimesOf(s.starts_at, query.mode === 'any' ? s.human_ids : query.human_ids, humans),
        }));
        const read = readingOf(query.when, found.interpreted_as);
        const text =
          slots.length === 0
            ? `${read}No ${query.mode === 'all' ? 'common' : 'open'} ${query.duration}-minute slots ${
                found.interpreted_as
                  ? `${found.interpreted_as.date_from}..${found.interpreted_as.date_to}`
                  : `${query.date_from}..${query.date_to}`
              }. Widen the window.`
            : `${read}${slots.length} ${query.mode === 'all' ? 'common' : 'open'} slots, each in every ${query.mode === 'any' ? 'free ' : ''}human's own time:\n` +
              slots.map((s) => `${s.starts_at} ${query.mode === 'any' ? 'free: ' : ''}${describeLocalTimes(s.local_times)}`).join('\n');
        return ok({ ...found, slots }, text);
      }, GROUP_NEXT),
  );

  server.registerTool(
    'book_several_humans',
    {
      title: 'Book several humans at once, or one of a team',
      description:
        'mode=all books every listed human at the same start in one step (all or none; they share a group_id). mode=any books the free human ' +
        'with the fewest bookings that day (round robin). starts_at must come from find_slots_for_humans, unchanged. Always idempotent: give ' +
        'idempotency_key to retry safely. Each booking uses one unit of quota. Refusals: SLOT_UNAVAILABLE (someone was just taken: call ' +
        'find_slots_for_humans again), OUTSIDE_WORKING_HOURS, SCHEDULE_BLOCKED, INVALID_DURATION, LIMIT_REACHED, NOT_FOUND.',
      inputSchema: {
        human_ids: humanIds,
        mode,
        starts_at,
        duration,
        attendee_name,
        attendee_email,
        metadata,
        idempotency_key: z.string().min(1).max(255).optional().describe('Reuse the same key to retry the same booking safely'),
      },
    },
    ({ idempotency_key, ...body }) =>
      asTool(async () => {
        const created = await client.bookings.create(body, { idempotencyKey: idempotency_key ?? `mcp-${randomUUID()}` });
        const zoneOf = zoneLookup(client);
        const bookings = await Promise.all((created.group_bookings ?? [created]).map((b) => localBooking(b, zoneOf)));
        return ok({ group_id: created.group_id, bookings }, `Booked ${bookings.length}:\n${bookings.map(describeBooking).join('\n')}`);
      }, GROUP_NEXT),
  );
}
