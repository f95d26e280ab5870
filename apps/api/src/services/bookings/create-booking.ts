import type { CreateBookingBody } from '@humantime/contract';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { Sql } from '../../db/sql.js';
import { insertBooking, type BookingRow } from '../../db/tables/bookings.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { consumeQuota } from '../billing/consume-quota.js';
import type { ServiceDeps } from '../deps.js';
import { recordEvent } from '../events/record-event.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { candidateDates, loadSchedule } from '../schedule/load-schedule.js';
import { bookingView } from './booking-view.js';
import { claimKey, requestHash, saveRefusal, saveResponse, type IdempotencyScope, type StoredResponse } from './idempotency.js';
import { judgeStart } from './judge-start.js';
import { slotUnavailable } from './refusal.js';

type BookingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'>;

async function book(query: Sql, deps: BookingDeps, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  const start = Date.parse(body.starts_at);
  const { dateFrom, dateTo } = candidateDates(start);
  const human = await loadSchedule(query, org.id, body.human_id, dateFrom, dateTo);
  if (!human) throw notFound('Human');
  // The same data and the same function decide what GET /slots lists (and what
  // GET /check answers), so a listed start books and an unlisted one is refused, in
  // PRODUCT's check order.
  const refusal = judgeStart(human, start, body.duration, now);
  if (refusal) throw refusal;

  let row: BookingRow;
  try {
    // The exclusion constraint is the guarantee: of racing requests that all passed the
    // check above, exactly one insert commits and the others fail (23P01, or 40P01 when two
    // inserts waited on each other).
    row = await insertBooking(query, {
      organizationId: org.id,
      humanId: body.human_id,
      startsAt: new Date(start),
      endsAt: new Date(start + body.duration * 60_000),
      durationMinutes: body.duration,
      attendeeName: body.attendee_name,
      attendeeEmail: body.attendee_email ?? null,
      metadata: body.metadata ?? {},
      createdAt: now,
    });
  } catch (error) {
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
  const booking = bookingView(row);
  const deliveries = await recordEvent(query, { organizationId: org.id, type: 'booking.confirmed', booking, at: now });
  // Last, as PRODUCT orders the checks, and so the counter row is locked only until commit.
  await consumeQuota(query, deps.paymentProcessor, org, now);
  return { booking, deliveries };
}

/**
 * POST /v1/bookings: the booking, its quota unit, its event and deliveries and (with an
 * Idempotency-Key) its replayable response commit in one transaction.
 */
export async function createBooking(
  deps: BookingDeps,
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  const now = deps.clock();
  const scope: IdempotencyScope | undefined = idempotencyKey
    ? { organizationId: org.id, key: idempotencyKey, hash: requestHash(body), now }
    : undefined;
  try {
    const outcome = await deps.store.transaction(async (tx) => {
      if (scope) {
        const claim = await claimKey(tx.query, scope);
        if (!claim.claimed) return { response: claim.response, deliveries: 0 };
      }
      const { booking, deliveries } = await book(tx.query, deps, org, body, now);
      const response = { status: 201, body: booking };
      if (scope) await saveResponse(tx.query, scope, response);
      return { response, deliveries };
    });
    // Only now are the deliveries visible to a worker.
    if (outcome.deliveries > 0) deps.onEventsCommitted?.();
    return outcome.response;
  } catch (error) {
    if (scope && error instanceof AppError) await saveRefusal(deps.store.sql, scope, error);
    throw error;
  }
}
