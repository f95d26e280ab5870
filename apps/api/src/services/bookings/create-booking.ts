import type { CreateBookingBody } from '@humantime/contract';
import type { Services } from '../../app.js';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { SqlSession } from '../../db/sql-session.js';
import type { Booking as BookingRow } from '../../generated/prisma/client.js';
import type { AuthedOrganization } from '../../http/authenticate.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { consumeQuota } from '../billing/consume-quota.js';
import { recordEvent } from '../events/record-event.js';
import { candidateDates, loadSchedule } from '../schedule/load-schedule.js';
import { BOOKING_COLUMNS, bookingView } from './booking-view.js';
import { claimKey, requestHash, saveRefusal, saveResponse, type IdempotencyScope, type StoredResponse } from './idempotency.js';
import { judgeStart } from './judge-start.js';
import { slotUnavailable } from './refusal.js';

// Refusals that describe this request's outcome and are replayed to a retry with the same key.
// IDEMPOTENCY_KEY_REUSED and RATE_LIMITED describe the key, not the booking, so are not kept.
const REPLAYABLE = new Set(['NOT_FOUND', 'INVALID_DURATION', 'VALIDATION_ERROR', 'OUTSIDE_WORKING_HOURS', 'SCHEDULE_BLOCKED', 'SLOT_UNAVAILABLE', 'LIMIT_REACHED']);

async function book(tx: SqlSession, services: Services, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  const start = Date.parse(body.starts_at);
  const { dateFrom, dateTo } = candidateDates(start);
  const human = await loadSchedule(tx.query, org.id, body.human_id, dateFrom, dateTo);
  if (!human) throw notFound('Human');
  // The same data and the same function decide what GET /slots lists (and what
  // GET /check answers), so a listed start books and an unlisted one is refused, in
  // PRODUCT's check order.
  const refusal = judgeStart(human, start, body.duration, now);
  if (refusal) throw refusal;

  let row: BookingRow | undefined;
  try {
    // The exclusion constraint is the guarantee: of racing requests that all passed the
    // check above, exactly one insert commits and the others fail (23P01, or 40P01 when two
    // inserts waited on each other).
    [row] = await tx.query<BookingRow>(
      `INSERT INTO bookings (organization_id, human_id, starts_at, ends_at, duration_minutes,
                             attendee_name, attendee_email, metadata, created_at)
       VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz, $5, $6, $7, $8::jsonb, $9::timestamptz)
       RETURNING ${BOOKING_COLUMNS}`,
      [
        org.id,
        body.human_id,
        new Date(start).toISOString(),
        new Date(start + body.duration * 60_000).toISOString(),
        body.duration,
        body.attendee_name,
        body.attendee_email ?? null,
        JSON.stringify(body.metadata ?? {}),
        now.toISOString(),
      ],
    );
  } catch (error) {
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
  const booking = bookingView(row!);
  const deliveries = await recordEvent(tx, { organizationId: org.id, type: 'booking.confirmed', booking, at: now });
  // Last, as PRODUCT orders the checks, and so the counter row is locked only until commit.
  await consumeQuota(tx, services.paymentProcessor, org, now);
  return { booking, deliveries };
}

/**
 * POST /v1/bookings: the booking, its quota unit, its event and deliveries and (with an
 * Idempotency-Key) its replayable response commit in one transaction.
 */
export async function createBooking(
  services: Services,
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  const now = services.clock();
  const scope: IdempotencyScope | undefined = idempotencyKey
    ? { organizationId: org.id, key: idempotencyKey, hash: requestHash(body), now }
    : undefined;
  try {
    const outcome = await services.store.transaction(async (tx) => {
      if (scope) {
        const claim = await claimKey(tx, scope);
        if (!claim.claimed) return { response: claim.response, deliveries: 0 };
      }
      const { booking, deliveries } = await book(tx, services, org, body, now);
      const response = { status: 201, body: booking };
      if (scope) await saveResponse(tx, scope, response);
      return { response, deliveries };
    });
    // Only now are the deliveries visible to a worker.
    if (outcome.deliveries > 0) services.onEventsCommitted?.();
    return outcome.response;
  } catch (error) {
    if (scope && error instanceof AppError && REPLAYABLE.has(error.code)) {
      await saveRefusal(services.store.sql, scope, {
        status: error.status,
        body: { error: { code: error.code, message: error.message, status: error.status } },
      });
    }
    throw error;
  }
}
