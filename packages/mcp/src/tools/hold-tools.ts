import { randomUUID } from 'node:crypto';
import { ConfirmHoldBodySchema, CreateHoldBodySchema, HoldPathParamsSchema, type Hold } from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, NEXT_STEP, ok, type NextSteps } from '../tool-result.js';
import { zoneLookup } from '../zones.js';
import { describeBooking, localBooking } from './booking-tools.js';

async function localHold(hold: Hold, client: Humantime) {
  const timezone = await zoneLookup(client)(hold.human_id);
  return { ...(timezone ? withLocalTimes(hold, timezone) : hold), timezone };
}

const describeHold = (h: Awaited<ReturnType<typeof localHold>>) =>
  `hold ${h.id}: ${'starts_at_local' in h ? `${String(h.starts_at_local)} = ${h.starts_at}` : h.starts_at}, ${h.duration_minutes} min, ` +
  `human ${h.human_id}, kept until ${'expires_at_local' in h ? String(h.expires_at_local) : h.expires_at}`;

/** Where a hold tool's refusal leads, when the general next step would not fit. */
const HOLD_NEXT: NextSteps = {
  NOT_FOUND:
    'No live hold has that id in this organization: it expired, was released or was already confirmed (confirm_hold then ' +
    'answers with the booking only on a retry with the same idempotency_key). Call find_slots and hold_slot or book_slot again.',
  LIMIT_REACHED:
    'The organization has 100 live holds. Call release_hold for holds nobody is waiting on, or wait until some expire (at most ' +
    '15 minutes), then call hold_slot again.',
  SLOT_UNAVAILABLE:
    'The time is taken: booked, held, or busy in a connected calendar of the human (the message says which it knows). Call find_slots ' +
    'again and hold another listed start.',
};

/** confirm_hold books: its LIMIT_REACHED is the monthly quota, not the holds' limit. */
const CONFIRM_NEXT: NextSteps = { ...HOLD_NEXT, LIMIT_REACHED: NEXT_STEP.LIMIT_REACHED };

export function registerHoldTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'hold_slot',
    {
      title: 'Hold a slot while asking someone',
      description:
        'Keeps one start of a human for a few minutes (ttl_seconds 30-900, default 300) while you ask a person whether it works: until it ' +
        'expires, nobody else can book or hold that time. Then call confirm_hold to book it, or release_hold to let it go. starts_at must be ' +
        'a starts_at from find_slots, unchanged. Uses no quota. Refusals: SLOT_UNAVAILABLE (taken or held: call find_slots again), ' +
        'OUTSIDE_WORKING_HOURS, SCHEDULE_BLOCKED, INVALID_DURATION, LIMIT_REACHED (100 live holds: release some), NOT_FOUND.',
      inputSchema: shapeOf(CreateHoldBodySchema),
    },
    (body) =>
      asTool(async () => {
        const local = await localHold(await client.holds.create(body), client);
        return ok(local, `Held: ${describeHold(local)}. Confirm with confirm_hold before it expires.`);
      }, HOLD_NEXT),
  );

  server.registerTool(
    'confirm_hold',
    {
      title: 'Book a held slot',
      description:
        'Turns a live hold into a confirmed booking (after the person said yes). Every booking check runs again now and the quota is counted ' +
        'now. Always idempotent: give idempotency_key to retry safely. Refusals: NOT_FOUND (the hold expired, was released or was already ' +
        'confirmed: call find_slots and book again), LIMIT_REACHED (the monthly quota), OUTSIDE_WORKING_HOURS, SCHEDULE_BLOCKED.',
      inputSchema: {
        ...shapeOf(HoldPathParamsSchema),
        ...shapeOf(ConfirmHoldBodySchema),
        idempotency_key: z.string().min(1).max(255).optional().describe('Reuse the same key to retry the same confirmation safely'),
      },
    },
    ({ hold_id, idempotency_key, ...body }) =>
      asTool(async () => {
        const booking = await client.holds.confirm(hold_id, body, { idempotencyKey: idempotency_key ?? `mcp-${randomUUID()}` });
        const local = await localBooking(booking, zoneLookup(client));
        return ok(local, `Booked: ${describeBooking(local)}`);
      }, CONFIRM_NEXT),
  );

  server.registerTool(
    'release_hold',
    {
      title: 'Release a held slot',
      description:
        'Lets a hold go at once (the person said no), so the time is bookable again. Refusal: NOT_FOUND (already expired, released or confirmed).',
      inputSchema: shapeOf(HoldPathParamsSchema),
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ hold_id }) =>
      asTool(async () => {
        await client.holds.release(hold_id);
        return ok({ hold_id, released: true }, `Released hold ${hold_id}.`);
      }, HOLD_NEXT),
  );
}
