import { DEFAULT_HOLD_TTL_SECONDS, MAX_LIVE_HOLDS, type CreateHoldBody, type Hold } from '@humantime/contract';
import { bufferedRange } from '@humantime/slot-engine';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { Sql } from '../../db/sql.js';
import { countLiveHoldsLocked, deleteExpiredHolds, deleteOrganizationExpiredHolds, insertHold } from '../../db/tables/holds.js';
import { insertHoldClaim } from '../../db/tables/time-claims.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { judgeStart } from '../bookings/judge-start.js';
import type { StoredResponse } from '../bookings/idempotency.js';
import { slotUnavailable } from '../bookings/refusal.js';
import { runIdempotent } from '../bookings/run-idempotent.js';
import type { ServiceDeps } from '../deps.js';
import { candidateDates, loadSchedule } from '../schedule/load-schedule.js';
import { holdView } from './hold-view.js';
import { newId } from '../../lib/ids.js';

async function hold(query: Sql, organizationId: string, body: CreateHoldBody, now: Date): Promise<Hold> {
  await deleteExpiredHolds(query, organizationId, [body.human_id], now);
  const start = Date.parse(body.starts_at);
  const { dateFrom, dateTo } = candidateDates(start);
  const human = await loadSchedule(query, organizationId, { humanId: body.human_id, dateFrom, dateTo }, now);
  if (!human) throw notFound('Human');
  // Held only if it would book now: the booking's own rule, in the booking's order.
  const refusal = judgeStart(human, start, body.duration, now);
  if (refusal) throw refusal;
  // Last, like the quota for a booking: the limit speaks only of holds that would be made.
  const live = await countLiveHoldsLocked(query, organizationId, now);
  await deleteOrganizationExpiredHolds(query, organizationId, now);
  if (live >= MAX_LIVE_HOLDS) {
    throw new AppError(
      'LIMIT_REACHED',
      `This organization already has ${MAX_LIVE_HOLDS} live holds, the most allowed. Confirm or release one (DELETE /v1/holds/{id}), or wait for one to expire.`,
    );
  }
  const end = start + body.duration * 60_000;
  // Never past the last moment the start can still be booked (its minimum notice before it):
  // a live hold always confirms as far as time goes.
  const bookableUntil = start - (human.rules?.minimumNotice ?? 0) * 60_000;
  const expiresAt = new Date(Math.min(now.getTime() + (body.ttl_seconds ?? DEFAULT_HOLD_TTL_SECONDS) * 1000, bookableUntil));
  const row = await insertHold(query, {
    id: newId(),
    organizationId,
    humanId: body.human_id,
    startsAt: new Date(start),
    endsAt: new Date(end),
    durationMinutes: body.duration,
    expiresAt,
    createdAt: now,
  });
  try {
    // The buffered range, as a booking of this time would claim, so confirming cannot be
    // refused for a buffer that a booking made meanwhile crept into.
    await insertHoldClaim(query, {
      organizationId,
      humanId: body.human_id,
      holdId: row.id,
      range: bufferedRange({ start, end }, human.rules),
      expiresAt,
    });
  } catch (error) {
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
  return holdView(row);
}

/**
 * POST /v1/holds: checks the start as a booking would, then claims its time until the hold
 * expires, in one transaction. The exclusion constraint on time_claims decides races with
 * bookings and other holds; the organization's row lock keeps the live-holds limit. With an
 * Idempotency-Key, a retry gets the first answer (a lost answer leaves no second hold).
 */
export async function createHold(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  { body, idempotencyKey }: { body: CreateHoldBody; idempotencyKey?: string | undefined },
): Promise<StoredResponse> {
  const now = deps.clock();
  // The key is bound to the route too, so reusing a booking's key here is refused.
  const request = { createHold: true, ...body };
  const outcome = await runIdempotent(deps, organizationId, { idempotencyKey, request, now }, async (query) => ({
    kind: 'done',
    response: { status: 201, body: await hold(query, organizationId, body, now) },
    deliveries: 0,
  }));
  return outcome.response;
}
