import type { CreateBookingBody } from '@humantime/contract';
import { checkBooking } from '@humantime/slot-engine';
import type { Services } from '../../app.js';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { AuthedOrganization } from '../../http/authenticate.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { consumeQuota } from '../billing/consume-quota.js';
import { recordEvent } from '../events/record-event.js';
import { candidateDates, inTransaction, loadSchedule } from '../schedule/load-schedule.js';
import { bookingView } from './booking-view.js';
import { claimKey, requestHash, saveRefusal, saveResponse, type IdempotencyScope, type StoredResponse } from './idempotency.js';
import { refusalError, slotUnavailable } from './refusal.js';

// Refusals that describe this request's outcome and are replayed to a retry with the same key.
// IDEMPOTENCY_KEY_REUSED and RATE_LIMITED describe the key, not the booking, so are not kept.
const REPLAYABLE = new Set(['NOT_FOUND', 'INVALID_DURATION', 'VALIDATION_ERROR', 'OUTSIDE_WORKING_HOURS', 'SCHEDULE_BLOCKED', 'SLOT_UNAVAILABLE', 'LIMIT_REACHED']);

/** Time a booking transaction may wait for a connection and run (PostgreSQL under load). */
const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

async function book(tx: Prisma.TransactionClient, services: Services, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  const start = Date.parse(body.starts_at);
  const { dateFrom, dateTo } = candidateDates(start);
  const human = await loadSchedule(inTransaction(tx), org.id, body.human_id, dateFrom, dateTo);
  if (!human) throw notFound('Human');
  // The same data and the same function decide what GET /slots lists, so a listed start
  // books and an unlisted one is refused, in PRODUCT's check order.
  const verdict = checkBooking({
    timezone: human.timezone,
    schedule: human.schedule,
    overrides: human.overrides,
    busy: human.busy,
    meetingDurations: human.meetingDurations,
    start,
    durationMinutes: body.duration,
    now: now.getTime(),
  });
  if (!verdict.ok) throw refusalError(verdict.reason, human.meetingDurations);

  let row;
  try {
    // The exclusion constraint is the guarantee: of racing requests that all passed the
    // check above, exactly one insert commits and the others fail (23P01, or 40P01 when two
    // inserts waited on each other).
    row = await tx.booking.create({
      data: {
        organizationId: org.id,
        humanId: body.human_id,
        startsAt: new Date(start),
        endsAt: new Date(start + body.duration * 60_000),
        durationMinutes: body.duration,
        attendeeName: body.attendee_name,
        attendeeEmail: body.attendee_email ?? null,
        metadata: (body.metadata ?? {}) as Prisma.InputJsonValue,
        createdAt: now,
      },
    });
  } catch (error) {
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
  const booking = bookingView(row);
  await recordEvent(tx, { organizationId: org.id, type: 'booking.confirmed', booking, at: now });
  // Last, as PRODUCT orders the checks, and so the counter row is locked only until commit.
  await consumeQuota(tx, services.paymentProcessor, org, now);
  return booking;
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
    const outcome = await services.db.$transaction(async (tx) => {
      if (scope) {
        const claim = await claimKey(tx, scope);
        if (!claim.claimed) return claim.response;
      }
      const response = { status: 201, body: await book(tx, services, org, body, now) };
      if (scope) await saveResponse(tx, scope, response);
      return response;
    }, TX_OPTIONS);
    // Only now are the deliveries visible to a worker.
    services.onEventsCommitted?.();
    return outcome;
  } catch (error) {
    if (scope && error instanceof AppError && REPLAYABLE.has(error.code)) {
      await saveRefusal(services.db, scope, {
        status: error.status,
        body: { error: { code: error.code, message: error.message, status: error.status } },
      });
    }
    throw error;
  }
}
