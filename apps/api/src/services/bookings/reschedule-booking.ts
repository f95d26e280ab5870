import type { RescheduleBookingBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { retryingDeadlocks } from '../../db/deadlocks.js';
import { lockBookingDay } from '../../db/tables/booking-day-counts.js';
import { cancelConfirmedBooking, linkRescheduledTo, selectBookingForUpdate } from '../../db/tables/bookings.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { recordEvent } from '../events/record-event.js';
import { bookingView } from './booking-view.js';
import { claimTime, releaseTime } from './claim-time.js';
import type { StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

async function move(
  query: Sql,
  organizationId: string,
  { bookingId, body, now }: { bookingId: string; body: RescheduleBookingBody; now: Date },
) {
  // The row lock orders a move against a concurrent cancel or move of the same booking:
  // the second one sees it cancelled.
  const old = await selectBookingForUpdate(query, organizationId, bookingId);
  if (!old) throw notFound('Booking');
  if (old.status === 'cancelled') {
    throw new AppError(
      'BOOKING_CANCELLED',
      old.rescheduledTo
        ? `This booking was already moved; booking ${old.rescheduledTo} replaced it. Reschedule that one.`
        : 'This booking is cancelled and cannot be moved. Create a new booking instead.',
    );
  }
  // Its day's count next, as a cancel locks it (lockBookingDay). Then free the old booking's
  // time, so it does not block its own move; any refusal below rolls the whole transaction
  // back and leaves it exactly as it was.
  await lockBookingDay(query, organizationId, old.id);
  await cancelConfirmedBooking(query, organizationId, old.id, now);
  await releaseTime(query, organizationId, old.id);
  const created = await claimTime(
    query,
    {
      organizationId,
      humanId: old.humanId,
      start: Date.parse(body.starts_at),
      durationMinutes: body.duration ?? old.durationMinutes,
      attendeeName: old.attendeeName,
      attendeeEmail: old.attendeeEmail,
      metadata: old.metadata as Record<string, unknown>,
      rescheduledFrom: { id: old.id, icalUid: old.icalUid, icalSequence: old.icalSequence },
    },
    now,
  );
  const cancelled = bookingView(await linkRescheduledTo(query, { organizationId, bookingId: old.id, nextId: created.id }));
  const next = bookingView(created);
  const deliveries =
    (await recordEvent(query, { organizationId, type: 'booking.cancelled', booking: cancelled, at: now })) +
    (await recordEvent(query, { organizationId, type: 'booking.confirmed', booking: next, at: now }));
  return { booking: next, deliveries };
}

/**
 * POST /v1/bookings/{id}/reschedule: cancels the booking and books the new time in one
 * transaction, with both events; no quota is consumed (the meeting is the same one, moved).
 * The new booking keeps the attendee, metadata and calendar UID of the old.
 */
export async function rescheduleBooking(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>,
  organizationId: string,
  { bookingId, body, idempotencyKey }: { bookingId: string; body: RescheduleBookingBody; idempotencyKey: string | undefined },
): Promise<StoredResponse> {
  const now = deps.clock();
  // The key is bound to the route and the booking too, so reusing it elsewhere is refused.
  const request = { reschedule: bookingId, ...body };
  const outcome = await retryingDeadlocks(() =>
    runIdempotent(deps, organizationId, { idempotencyKey, request, now }, async (query) => {
      const { booking, deliveries } = await move(query, organizationId, { bookingId, body, now });
      return { kind: 'done', response: { status: 201, body: booking }, deliveries };
    }),
  );
  return outcome.response;
}
