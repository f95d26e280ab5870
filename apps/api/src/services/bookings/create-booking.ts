import type { CreateBookingBody } from '@humantime/contract';
import type { Services } from '../../app.js';
import type { SqlSession } from '../../db/sql-session.js';
import type { AuthedOrganization } from '../../http/authenticate.js';
import { consumeQuota } from '../billing/consume-quota.js';
import { recordEvent } from '../events/record-event.js';
import { bookingView } from './booking-view.js';
import { claimTime } from './claim-time.js';
import type { StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

async function book(tx: SqlSession, services: Services, org: AuthedOrganization, body: CreateBookingBody, now: Date) {
  const row = await claimTime(
    tx,
    {
      organizationId: org.id,
      humanId: body.human_id,
      start: Date.parse(body.starts_at),
      durationMinutes: body.duration,
      attendeeName: body.attendee_name,
      attendeeEmail: body.attendee_email ?? null,
      metadata: body.metadata ?? {},
    },
    now,
  );
  const booking = bookingView(row);
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
  return runIdempotent(services, org.id, idempotencyKey, body, now, async (tx) => {
    const { booking, deliveries } = await book(tx, services, org, body, now);
    return { response: { status: 201, body: booking }, deliveries };
  });
}
