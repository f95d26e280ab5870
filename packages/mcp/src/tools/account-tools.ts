import { EventsQuerySchema } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok } from '../tool-result.js';
import { zoneLookup } from '../zones.js';
import { describeBooking, localBooking } from './booking-tools.js';

export function registerAccountTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'get_usage',
    {
      title: "This month's booking quota",
      description:
        "Returns the organization's plan, the current UTC month, its booking quota, bookings used, overage packs bought and whether " +
        'auto-purchase is on. Use it before booking many meetings, or after a LIMIT_REACHED refusal to explain it.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      asTool(async () => {
        const usage = await client.usage.get();
        const usageUtc = withLocalTimes(usage, 'UTC');
        return ok(
          usageUtc,
          `Plan ${usage.plan}: ${usage.used}/${usage.quota} bookings used this month (${usage.period_start}..${usage.period_end} UTC), ` +
            `${usage.overage_packs} overage packs, auto-purchase ${usage.auto_purchase ? 'on' : 'off'}.`,
        );
      }),
  );

  server.registerTool(
    'list_events',
    {
      title: 'Catch up on booking events',
      description:
        'Reads the feed of booking.confirmed and booking.cancelled events of the last 30 days, OLDEST first, each with its id and the ' +
        'booking as it was then (UTC and local times). Use it to learn what changed while you were not running. Pass after = the id ' +
        'of the last event you handled; next_cursor is non-null when more are already waiting (call again with after = next_cursor), null ' +
        'when you are caught up. gap: true means events after yours were deleted unread (they are kept 30 days). ' +
        'Refusal: VALIDATION_ERROR (after is not an event id of this organization).',
      inputSchema: shapeOf(EventsQuerySchema),
      annotations: { readOnlyHint: true },
    },
    (args) =>
      asTool(async () => {
        const page = await client.events.list(args);
        const zoneOf = zoneLookup(client);
        const data = await Promise.all(
          page.data.map(async (e) => {
            const data = await localBooking(e.data, zoneOf);
            const head = { id: e.id, event: e.event, created_at: e.created_at };
            return { ...(data.timezone ? withLocalTimes(head, data.timezone) : e), data };
          }),
        );
        const last = page.data[page.data.length - 1];
        const missed = page.gap ? 'Some events were missed: they were deleted (kept 30 days) before you read them.\n' : '';
        const text =
          missed +
          (data.length === 0
            ? 'No new events.'
            : data.map((e) => `${e.id} ${e.event}: ${describeBooking(e.data)}`).join('\n') +
              (page.next_cursor
                ? `\nMore waiting: call again with after=${page.next_cursor}`
                : `\nCaught up; next time pass after=${last!.id}`));
        return ok({ data, next_cursor: page.next_cursor, ...(page.gap ? { gap: true } : {}) }, text);
      }),
  );
}
