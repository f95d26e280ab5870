import {
  CreateHumanBodySchema,
  HumanPathParamsSchema,
  ListQuery,
  SetAvailabilityBodySchema,
  type Human,
} from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok } from '../tool-result.js';

const WEEKDAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function describeHuman(h: Human): string {
  const r = h.availability_rules;
  return (
    `${h.name} (id ${h.id}), ${h.timezone}: ${r.working_days.map((d) => WEEKDAY_NAMES[d]).join(',')} ` +
    `${r.work_start}-${r.work_end} local, meetings of ${r.meeting_durations.join('/')} min`
  );
}

const humanResult = (h: Human, lead: string) => ok(withLocalTimes(h, h.timezone), `${lead}${describeHuman(h)}`);

export function registerHumanTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'list_humans',
    {
      title: 'List humans',
      description:
        'Lists the people whose time can be booked, newest first, with id, name, time zone and weekly hours. ' +
        'Use it to find the human_id every other tool needs. Returns { data, next_cursor }; pass next_cursor as ' +
        'cursor for the next page (null = last page).',
      inputSchema: shapeOf(ListQuery),
      annotations: { readOnlyHint: true },
    },
    (args) =>
      asTool(async () => {
        const page = await client.humans.list(args);
        const data = page.data.map((h) => withLocalTimes(h, h.timezone));
        const text = page.data.length === 0 ? 'No humans yet; create one with create_human.' : page.data.map(describeHuman).join('\n');
        return ok({ data, next_cursor: page.next_cursor }, text + (page.next_cursor ? `\nMore: cursor=${page.next_cursor}` : ''));
      }),
  );

  server.registerTool(
    'get_human',
    {
      title: 'Get a human',
      description:
        "Returns one human: name, email, role, IANA time zone and weekly availability rules (working_days 1=Mon..7=Sun, work_start/work_end in the human's local time, meeting_durations in minutes). " +
        'Refusal: NOT_FOUND (unknown or deleted id).',
      inputSchema: shapeOf(HumanPathParamsSchema),
      annotations: { readOnlyHint: true },
    },
    ({ human_id }) => asTool(async () => humanResult(await client.humans.get(human_id), '')),
  );

  server.registerTool(
    'create_human',
    {
      title: 'Create a human',
      description:
        'Creates a person whose time can be booked. timezone is an IANA name (e.g. Asia/Tokyo); working hours are read in it. ' +
        'Without availability the schedule is Mon-Fri 09:00-17:00 local with 30-minute meetings. Returns the human with its id. ' +
        'Refusal: VALIDATION_ERROR (the message names each bad field).',
      inputSchema: shapeOf(CreateHumanBodySchema),
    },
    (args) => asTool(async () => humanResult(await client.humans.create(args), 'Created ')),
  );

  server.registerTool(
    'set_availability',
    {
      title: "Replace a human's weekly hours",
      description:
        "Replaces the human's base weekly schedule; all four fields are required. working_days: 1=Monday..7=Sunday. " +
        "work_start < work_end, both HH:MM in the human's own time zone (no overnight shifts). meeting_durations: allowed lengths in minutes (5-480). " +
        'For one-off changes (vacation, an extra evening) use add_override instead. Refusals: NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), ...shapeOf(SetAvailabilityBodySchema) },
    },
    ({ human_id, ...schedule }) =>
      asTool(async () => {
        const availability = await client.humans.setAvailability(human_id, schedule);
        return humanResult(await client.humans.get(human_id), `Weekly hours set (${JSON.stringify(availability)}). `);
      }),
  );
}
