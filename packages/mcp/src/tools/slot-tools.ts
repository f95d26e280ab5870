import { CheckQuerySchema, HumanPathParamsSchema, LocalDate, type Slot } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatLocal, wallTime } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok, refused } from '../tool-result.js';
import { inLocalWindow, localWindowShape, windowProblem } from './local-window.js';
import { whenInput } from './suggestion-tools.js';

export function localSlot(slot: Slot, timezone: string) {
  return {
    starts_at: slot.starts_at,
    ends_at: slot.ends_at,
    starts_at_local: formatLocal(slot.starts_at, timezone),
    ends_at_local: formatLocal(slot.ends_at, timezone),
  };
}

export function registerSlotTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'find_slots',
    {
      title: "Find a human's open slots",
      description:
        "Lists bookable starts for one human between two LOCAL dates (the human's own calendar, inclusive, at most 62 dates) or inside a " +
        'plain-English window (when, e.g. "tomorrow afternoon"; confirm the interpreted_as it returns), optionally only ' +
        'within a local time-of-day window (earliest_time/latest_time, HH:MM) and on some weekdays. Results are grouped by local day; each slot ' +
        'gives starts_at (UTC, pass it unchanged to book_slot) and starts_at_local (the wall time the human sees). Do not convert time zones ' +
        'yourself. Refusals: NOT_FOUND, INVALID_DURATION (the message lists allowed durations), VALIDATION_ERROR.',
      inputSchema: {
        ...shapeOf(HumanPathParamsSchema),
        date_from: LocalDate.optional().describe("First local date (YYYY-MM-DD) in the human's zone (or give when)"),
        date_to: LocalDate.optional().describe('Last local date, inclusive'),
        when: whenInput,
        duration: z.number().int().min(1).describe("Meeting length in minutes; one of the human's meeting_durations"),
        ...localWindowShape,
      },
      annotations: { readOnlyHint: true },
    },
    ({ human_id, date_from, date_to, when, duration, ...window }) =>
      asTool(async () => {
        const problem = windowProblem(window);
        if (problem) return refused('VALIDATION_ERROR', problem);
        const { slots, timezone, interpreted_as } = await client.humans.slots(human_id, { date_from, date_to, when, duration });
        const range = interpreted_as
          ? `${interpreted_as.date_from}..${interpreted_as.date_to} ${interpreted_as.from_time}-${interpreted_as.to_time}`
          : `${date_from}..${date_to}`;
        const read = interpreted_as ? `Read "${when}" as ${range} ${timezone}.\n` : '';
        const days: { date: string; weekday: string; slots: ReturnType<typeof localSlot>[] }[] = [];
        for (const slot of slots.filter((s) => inLocalWindow(s, timezone, window))) {
          const w = wallTime(slot.starts_at, timezone);
          let day = days[days.length - 1];
          if (!day || day.date !== w.date) days.push((day = { date: w.date, weekday: w.weekdayName, slots: [] }));
          day.slots.push(localSlot(slot, timezone));
        }
        const count = days.reduce((n, d) => n + d.slots.length, 0);
        const text =
          count === 0
            ? `${read}No open ${duration}-minute slots ${range} in ${timezone} for that window. Widen the dates or times.`
            : `${read}${count} open ${duration}-minute slots (${timezone}):\n` +
              days
                .map(
                  (d) =>
                    `${d.weekday} ${d.date}: ${d.slots.map((s) => `${wallTime(s.starts_at, timezone).time} (${s.starts_at})`).join(', ')}`,
                )
                .join('\n');
        return ok({ human_id, timezone, duration, days, count, ...(interpreted_as ? { interpreted_as } : {}) }, text);
      }),
  );

  server.registerTool(
    'check_time',
    {
      title: 'Check whether a time works',
      description:
        'Asks whether a specific start would book right now, without booking: exactly the check book_slot would apply, in the same order ' +
        '(quota aside). Use it when a person proposes a time, to explain why it does not work and offer what does. Returns bookable, and if ' +
        'not, the refusal code and reason plus up to 3 nearest bookable alternatives, each in UTC and local time. starts_at may carry any ' +
        'offset (e.g. 2026-12-01T14:00:00+09:00). Refusals: NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: { ...shapeOf(HumanPathParamsSchema), ...shapeOf(CheckQuerySchema), duration: z.number().int().min(1) },
      annotations: { readOnlyHint: true },
    },
    ({ human_id, starts_at, duration }) =>
      asTool(async () => {
        const [verdict, human] = await Promise.all([client.humans.check(human_id, { starts_at, duration }), client.humans.get(human_id)]);
        const tz = human.timezone;
        const startsAtUtc = new Date(Date.parse(starts_at)).toISOString().replace(/\.\d{3}Z$/, 'Z');
        const asked = formatLocal(startsAtUtc, tz);
        const alternatives = verdict.alternatives.map((s) => localSlot(s, tz));
        const text = verdict.bookable
          ? `Bookable: ${asked} (${duration} min) for ${human.name}. Book it with book_slot.`
          : `Not bookable: ${asked} - ${verdict.code}: ${verdict.message}` +
            (alternatives.length
              ? `\nNearest bookable: ${alternatives.map((a) => `${a.starts_at_local} (${a.starts_at})`).join('; ')}`
              : '');
        return ok({ ...verdict, human_id, timezone: tz, starts_at: startsAtUtc, starts_at_local: asked, duration, alternatives }, text);
      }),
  );
}
