import { CreateOverrideBodySchema, HumanPathParamsSchema, OverridePathParamsSchema, type Override } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok } from '../tool-result.js';

export function describeOverride(o: Override, timezone: string): string {
  const days = o.start_date === o.end_date ? o.start_date : `${o.start_date}..${o.end_date}`;
  const times = o.start_time ? ` ${o.start_time}-${o.end_time}` : ' (whole days)';
  const weekdays = o.weekdays ? ` on weekdays ${o.weekdays.join(',')}` : '';
  return `${o.kind} ${days}${times}${weekdays} ${timezone} local${o.reason ? ` - ${o.reason}` : ''} (id ${o.id})`;
}

export function registerOverrideTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'add_override',
    {
      title: "Block or open time on a human's calendar",
      description:
        "Adds an exception to the weekly hours, in the human's local dates and times. kind 'block' removes time: a vacation " +
        "(start_date..end_date, no times = whole days) or a recurring meeting (weekdays + start_time/end_time). kind 'open' adds " +
        'bookable time outside the weekly hours and needs start_time and end_time. A block always wins over open time. ' +
        'Returns the override with its id (needed by remove_override). Refusals: NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), ...shapeOf(CreateOverrideBodySchema) },
    },
    ({ human_id, ...body }) =>
      asTool(async () => {
        const override = await client.overrides.create(human_id, body);
        const { timezone } = await client.humans.get(human_id);
        return ok(withLocalTimes({ ...override, timezone }, timezone), `Added ${describeOverride(override, timezone)}`);
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
