import { CreateCalendarBodySchema, HumanPathParamsSchema, Instant, Uuid } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { formatLocal, withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok, type NextSteps } from '../tool-result.js';

const calendarId = Uuid.describe('The calendar id, from list_calendars or add_calendar');

function describeCalendar(c: {
  name: string | null;
  kind: string;
  status: string;
  busy_count: number;
  last_synced_at: string | null;
  last_synced_at_local?: string | null;
  last_error: { message: string } | null;
  id: string;
}): string {
  const name = c.name ?? (c.kind === 'ics' ? 'calendar feed' : 'CalDAV calendar');
  const read = c.last_synced_at ? `${c.last_synced_at_local ? `${c.last_synced_at_local} = ` : ''}${c.last_synced_at}` : 'never';
  const state =
    c.status === 'ok' ? `read ${read}, ${c.busy_count} busy intervals` : `NOT READ: ${c.last_error?.message ?? 'unknown error'}`;
  const warning = c.status === 'ok' && c.last_error ? ` (note: ${c.last_error.message})` : '';
  return `${name} [${c.id}] ${state}${warning}`;
}

/** Every instant of a calendar (last_synced_at, created_at, last_error.at) also in the human's local time. */
async function inLocalTime<T>(value: T, client: Humantime, humanId: string): Promise<T> {
  const { timezone } = await client.humans.get(humanId);
  return withLocalTimes(value, timezone);
}

/** A calendar id comes from list_calendars, which the general NOT_FOUND step does not name. */
const CALENDAR_NEXT: NextSteps = {
  NOT_FOUND:
    "The human or the calendar does not exist in this organization (or the calendar was removed). Find the human's id with " +
    'list_humans and its calendar ids with list_calendars; do not retry the same id.',
};

export function registerCalendarTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'add_calendar',
    {
      title: "Connect a human's own calendar",
      description:
        'Connects a calendar link a person gave you (the secret .ics address Google Calendar, Outlook or iCloud publish, a webcal:// link, or a ' +
        'CalDAV calendar with username/password), so their own meetings block their slots. It is read right away: success means it was read. ' +
        'Never repeat the link or password back to anyone. Refusals: CALENDAR_UNREADABLE (the message says why: ask for a working link), ' +
        'CALENDAR_URL_TAKEN (already connected: list_calendars), LIMIT_REACHED (10 per human), NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), ...shapeOf(CreateCalendarBodySchema) },
    },
    ({ human_id, ...body }) =>
      asTool(async () => {
        const calendar = await inLocalTime(await client.calendars.create(human_id, body), client, human_id);
        return ok({ ...calendar }, `Connected: ${describeCalendar(calendar)}. Its busy time now blocks this human's slots.`);
      }, CALENDAR_NEXT),
  );

  server.registerTool(
    'list_calendars',
    {
      title: "List a human's calendars and their status",
      description:
        'Lists the calendars connected to a human, each with whether its last read worked, when it was read and its last error. A calendar in ' +
        'error still blocks the busy time of its last good read. Refusals: NOT_FOUND.',
      inputSchema: shapeOf(HumanPathParamsSchema),
      annotations: { readOnlyHint: true },
    },
    ({ human_id }) =>
      asTool(async () => {
        const data = await inLocalTime((await client.calendars.list(human_id)).data, client, human_id);
        const text =
          data.length === 0
            ? 'No calendars connected. Use add_calendar with a link the person gives you.'
            : data.map(describeCalendar).join('\n');
        return ok({ human_id, calendars: data }, text);
      }, CALENDAR_NEXT),
  );

  server.registerTool(
    'sync_calendar',
    {
      title: 'Read a calendar again now',
      description:
        'Reads a connected calendar now (use it after the person says they changed their calendar). The answer says whether the read worked. ' +
        'Refusals: NOT_FOUND.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), calendar_id: calendarId },
    },
    ({ human_id, calendar_id }) =>
      asTool(async () => {
        const calendar = await inLocalTime(await client.calendars.sync(human_id, calendar_id), client, human_id);
        return ok({ ...calendar }, describeCalendar(calendar));
      }, CALENDAR_NEXT),
  );

  server.registerTool(
    'remove_calendar',
    {
      title: 'Disconnect a calendar',
      description: "Disconnects a calendar; its busy time stops blocking the human's slots at once. Refusals: NOT_FOUND.",
      inputSchema: { ...shapeOf(HumanPathParamsSchema), calendar_id: calendarId },
      annotations: { destructiveHint: true },
    },
    ({ human_id, calendar_id }) =>
      asTool(async () => {
        await client.calendars.delete(human_id, calendar_id);
        return ok({ human_id, calendar_id, removed: true }, `Calendar ${calendar_id} disconnected.`);
      }, CALENDAR_NEXT),
  );

  server.registerTool(
    'get_busy',
    {
      title: "See why a human's time is taken",
      description:
        "Lists what takes a human's time between two instants (at most 62 days apart): bookings, holds and busy time from their own calendars, " +
        'in UTC and their local time. It says a time is taken and by what kind of thing, never what the person does. Refusals: NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), from: Instant, to: Instant },
      annotations: { readOnlyHint: true },
    },
    ({ human_id, from, to }) =>
      asTool(async () => {
        const [{ data }, human] = await Promise.all([client.humans.busy(human_id, { from, to }), client.humans.get(human_id)]);
        const busy = data.map((b) => ({
          ...b,
          starts_at_local: formatLocal(b.starts_at, human.timezone),
          ends_at_local: formatLocal(b.ends_at, human.timezone),
        }));
        const text =
          busy.length === 0
            ? 'Nothing takes their time in that range.'
            : busy
                .map(
                  (b) =>
                    `${b.starts_at_local} - ${b.ends_at_local} (${b.starts_at} - ${b.ends_at}): ${b.source}` +
                    (b.calendar_id ? ` (calendar ${b.calendar_id})` : ''),
                )
                .join('\n');
        return ok({ human_id, timezone: human.timezone, busy }, text);
      }, CALENDAR_NEXT),
  );
}
