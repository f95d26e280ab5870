import type { RescheduleBookingBody } from '@humantime/contract';
import type { Services } from '../../app.js';
import type { SqlSession } from '../../db/sql-session.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { recordEvent } from '../events/record-event.js';
import { BOOKING_COLUMNS, bookingView, type BookingViewRow } from './booking-view.js';
import { claimTime, releaseTime } from './claim-time.js';
import type { StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

async function move(tx: SqlSession, organizationId: string, bookingId: string, body: RescheduleBookingBody, now: Date) {
  // The row lock orders a move against a concurrent cancel or move of the same booking:
  // the second one sees it cancelled.
  const [old] = await tx.query<BookingViewRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1::uuid AND organization_id = $2::uuid FOR UPDATE`,
    [bookingId, organizationId],
  );
  if (!old) throw notFound('Booking');
  if (old.status === 'cancelled') {
    throw new AppError(
      'BOOKING_CANCELLED',
      old.rescheduledTo
        ? `This booking was already moved; its replacement is booking ${old.rescheduledTo}. Reschedule that one.`
        : 'This booking is cancelled and cannot be moved. Create a new booking instead.',
    );
  }
  // Free the old booking's time first, so it does not block its own move; any refusal below
  // rolls the whole transaction back and leaves it exactly as it was.
  await tx.query(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = $2::timestamptz, ical_sequence = ical_sequence + 1
      WHERE id = $1::uuid`,
    [old.id, now.toISOString()],
  );
  await releaseTime(tx, organizationId, old.id);
  const created = await claimTime(
    tx,
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
  const [cancelled] = await tx.query<BookingViewRow>(
    `UPDATE bookings SET rescheduled_to = $2::uuid WHERE id = $1::uuid RETURNING ${BOOKING_COLUMNS}`,
    [old.id, created.id],
  );
  const next = bookingView(created);
  const deliveries =
    (await recordEvent(tx, { organizationId, type: 'booking.cancelled', booking: bookingView(cancelled!), at: now })) +
    (await recordEvent(tx, { organizationId, type: 'booking.confirmed', booking: next, at: now }));
  return { booking: next, deliveries };
}

/**
 * POST /v1/bookings/{id}/reschedule: cancels the booking and books the new time in one
 * transaction, with both events; no quota is consumed (the meeting is the same one, moved).
 * The new booking keeps the attendee, metadata and calendar UID of the old.
 */
export async function rescheduleBooking(
  services: Pick<Services, 'store' | 'onEventsCommitted' | 'clock'>,
  organizationId: string,
  bookingId: string,
  body: RescheduleBookingBody,
  idempotencyKey: string | undefined,
): Promise<StoredResponse> {
  const now = services.clock();
  const request = { reschedule: bookingId, ...body };
  return runIdempotent(services, organizationId, idempotencyKey, request, now, async (tx) => {
    const { booking, deliveries } = await move(tx, organizationId, bookingId, body, now);
    return { response: { status: 201, body: booking }, deliveries };
  });
}
