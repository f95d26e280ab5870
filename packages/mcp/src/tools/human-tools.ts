import { CreateHumanBodySchema, HumanPathParamsSchema, ListQuery, SetAvailabilityBodySchema, type Human } from '@humantime/contract';
import type { Humantime, TimeContext } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { formatLocal, withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok } from '../tool-result.js';
import { describeOverride } from './override-tools.js';

const WEEKDAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function describeHuman(h: Human): string {
  const r = h.availability_rules;
  return (
    `${h.name} (id ${h.id}), ${h.timezone}: ${r.working_days.map((d) => WEEKDAY_NAMES[d]).join(',')} ` +
    `${r.work_start}-${r.work_end} local, meetings of ${r.meeting_durations.join('/')} min`
  );
}

const humanResult = (h: Human, lead: string) => ok(withLocalTimes(h, h.timezone), `${lead}${describeHuman(h)}`);

/** "YYYY-MM-DD" plus whole days, on the calendar alone, with its weekday name. */
function calendarDay(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days));
  return `${WEEKDAY_NAMES[((day.getUTCDay() + 6) % 7) + 1]} ${day.toISOString().slice(0, 10)}`;
}

/** The lines an agent reads before it says "today" or "tomorrow" for the human. */
export function describeTimeContext(t: TimeContext): string {
  // local is "Tue 2026-11-24 15:04 Europe/Berlin (+01:00)": its date is the human's today.
  const today = t.local.slice(4, 14);
  const lines = [
    `Local time: ${t.local} (UTC ${t.now}).`,
    `Where the human is, today is ${t.local.slice(0, 14)}; tomorrow is ${calendarDay(today, 1)}; yesterday was ${calendarDay(today, -1)}.`,
  ];
  const next = t.next_open_at ? `${formatLocal(t.next_open_at, t.timezone)} (${t.next_open_at})` : null;
  if (t.open_now)
    lines.push(
      `At work now (working hours or an open override, no block). ${next ? `After this stretch, next at work: ${next}.` : 'No later opening within 14 days.'}`,
    );
  else lines.push(next ? `Not at work now; next at work: ${next}.` : 'Not at work now, and not at work at any time in the next 14 days.');
  lines.push('(At work is not the same as bookable: use find_slots or check_time for that.)');
  const change = t.next_offset_change;
  lines.push(
    change
      ? `The UTC offset changes from ${change.from} to ${change.to} at ${change.at} (${formatLocal(change.at, t.timezone)}).`
      : `The UTC offset stays ${t.utc_offset} for at least a year (no DST change ahead).`,
  );
  return lines.join('\n');
}

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
        "Returns one human: name, email, role, IANA time zone, weekly availability rules (working_days 1=Mon..7=Sun, work_start/work_end in the human's local time, meeting_durations in minutes) " +
        'and their overrides (blocks and open windows, newest 100, each with the id remove_override takes). ' +
        'Refusal: NOT_FOUND (unknown or deleted id).',
      inputSchema: shapeOf(HumanPathParamsSchema),
      annotations: { readOnlyHint: true },
    },
    ({ human_id }) =>
      asTool(async () => {
        const [human, overrides] = await Promise.all([client.humans.get(human_id), client.overrides.list(human_id, { limit: 100 })]);
        const listed = overrides.data.map((o) => `\n- ${describeOverride(o, human.timezone)}`).join('');
        const more = overrides.next_cursor ? '\n(More overrides exist than the newest 100 shown.)' : '';
        return ok(
          withLocalTimes({ ...human, overrides: overrides.data, more_overrides: overrides.next_cursor !== null }, human.timezone),
          `${describeHuman(human)}\nOverrides: ${overrides.data.length === 0 ? 'none' : `${listed}${more}`}`,
        );
      }),
  );

  server.registerTool(
    'time_context',
    {
      title: "A human's local time now",
      description:
        'Returns the human\'s clock right now: the local date and time as one line (e.g. "Tue 2026-11-24 15:04 Europe/Berlin (+01:00)"), ' +
        'the UTC offset, the next DST change, whether the person is at work now (working hours or an open override, outside blocks; ' +
        'not the same as bookable) and when they are next at work (within 14 days). Call it before you read or say a relative date ' +
        'such as "today", "tomorrow", "tonight", "this afternoon" or "next Tuesday" for this person, and turn such words into local ' +
        'dates from its answer, not from your own clock or zone. Refusal: NOT_FOUND (unknown or deleted id; find it with list_humans).',
      inputSchema: shapeOf(HumanPathParamsSchema),
      annotations: { readOnlyHint: true },
    },
    ({ human_id }) =>
      asTool(async () => {
        const context = await client.humans.time(human_id);
        const change = context.next_offset_change;
        // `at` is an instant too, though not named …_at: it gets its wall time like the others.
        const structured = {
          human_id,
          ...withLocalTimes(context, context.timezone),
          next_offset_change: change && { ...change, at_local: formatLocal(change.at, context.timezone) },
        };
        return ok(structured, describeTimeContext(context));
      }),
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
