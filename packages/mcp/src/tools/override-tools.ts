import { CreateOverrideBodySchema, HumanPathParamsSchema, OverridePathParamsSchema, type Override } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok } from '../tool-result.js';

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function describeOverride(o: Override, timezone: string): string {
  const days = o.start_date === o.end_date ? `${o.start_date} only` : `${o.start_date}..${o.end_date}`;
  const times = o.start_time ? ` ${o.start_time}-${o.end_time}` : ' (whole days)';
  const weekdays = o.weekdays ? ` on ${o.weekdays.map((d) => WEEKDAY_NAMES[d - 1] ?? String(d)).join(', ')}` : '';
  return `${o.kind} ${days}${times}${weekdays} ${timezone} local${o.reason ? ` - ${o.reason}` : ''} (id ${o.id})`;
}

export function registerOverrideTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'add_override',
    {
      title: "Block or open time on a human's calendar",
      description:
        "Adds an exception to the weekly hours, in the human's local dates and times, on the dates start_date..end_date (end_date " +
        "defaults to start_date: one day only). kind 'block' removes time: a vacation (start_date..end_date, no times = whole days) or " +
        'a recurring meeting (weekdays + start_time/end_time over a range of dates: "every Tuesday 10-11" is weekdays [2] with an ' +
        "end_date up to 365 days after start_date). kind 'open' adds bookable time outside the weekly hours and needs start_time and " +
        'end_time. A block always wins over open time. ' +
        'Returns the override with its id (needed by remove_override). Refusals: NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), ...shapeOf(CreateOverrideBodySchema) },
    },
    ({ human_id, ...body }) =>
      asTool(async () => {
        const override = await client.overrides.create(human_id, body);
        const { timezone } = await client.humans.get(human_id);
        // Weekdays on one date are rarely meant: say so, so "every Tuesday" without end_date is caught.
        const oneDay =
          override.weekdays && override.start_date === override.end_date
            ? ' Note: this covers one date only; give end_date for every week.'
            : '';
        return ok(withLocalTimes({ ...override, timezone }, timezone), `Added ${describeOverride(override, timezone)}.${oneDay}`);
      }),
  );

  server.registerTool(
    'remove_override',
    {
      title: 'Remove an override',
      description:
        "Deletes a block or open override (ids come from add_override or get_human's overrides); the time it blocked or opened returns " +
        'to the weekly hours at once. Refusal: NOT_FOUND.',
      inputSchema: shapeOf(OverridePathParamsSchema),
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ human_id, override_id }) =>
      asTool(async () => {
        await client.overrides.delete(human_id, override_id);
        return ok({ removed: true, human_id, override_id }, `Removed override ${override_id}.`);
      }),
  );
}
