import { randomUUID } from 'node:crypto';
import { bufferedRange, checkBooking, localDateOf } from '@humantime/slot-engine';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { SqlSession } from '../../db/sql-session.js';
import { notFound } from '../../lib/app-error.js';
import { candidateDates, loadSchedule } from '../schedule/load-schedule.js';
import { BOOKING_COLUMNS, type BookingViewRow } from './booking-view.js';
import { refusalError, slotUnavailable } from './refusal.js';

export interface NewBooking {
  organizationId: string;
  humanId: string;
  /** Epoch ms. */
  start: number;
  durationMinutes: number;
  attendeeName: string;
  attendeeEmail: string | null;
  metadata: Record<string, unknown>;
  /** Set by a reschedule: the booking this one replaces, and the calendar identity it keeps. */
  rescheduledFrom?: { id: string; icalUid: string; icalSequence: number };
}

/**
 * Checks and writes one confirmed booking inside the caller's transaction: the slot engine's
 * verdict on the same data GET /slots reads, then the booking, its time claim (buffered
 * range, kept apart from every other claim by an exclusion constraint) and its local day's
 * counter (a conditional increment, so the daily maximum holds under any race). Of racing
 * requests that all passed the check, the database lets through only what the rules allow;
 * the others fail here with SLOT_UNAVAILABLE and roll back.
 */
export async function claimTime(tx: SqlSession, b: NewBooking, now: Date): Promise<BookingViewRow> {
  const { dateFrom, dateTo } = candidateDates(b.start);
  const human = await loadSchedule(tx.query, b.organizationId, b.humanId, dateFrom, dateTo);
  if (!human) throw notFound('Human');
  // The same data and the same function decide what GET /slots lists, so a listed start
  // books and an unlisted one is refused, in PRODUCT's check order.
  const verdict = checkBooking({
    timezone: human.timezone,
    schedule: human.schedule,
    overrides: human.overrides,
    busy: human.busy,
    rules: human.rules,
    bookingsPerDay: human.bookingsPerDay,
    meetingDurations: human.meetingDurations,
    start: b.start,
    durationMinutes: b.durationMinutes,
    now: now.getTime(),
  });
  if (!verdict.ok) throw refusalError(verdict.reason, human.meetingDurations);

  const end = b.start + b.durationMinutes * 60_000;
  const claim = bufferedRange({ start: b.start, end }, human.rules);
  const id = randomUUID();
  try {
    const [row] = await tx.query<BookingViewRow>(
      `INSERT INTO bookings (id, organization_id, human_id, starts_at, ends_at, duration_minutes,
                             attendee_name, attendee_email, metadata, created_at, local_date,
                             rescheduled_from, ical_uid, ical_sequence)
       VALUES ($14::uuid, $1::uuid, $2::uuid, $3::timestamptz, $4::timestamptz, $5, $6, $7, $8::jsonb, $9::timestamptz,
               $10::date, $11::uuid, $12, $13)
       RETURNING ${BOOKING_COLUMNS}`,
      [
        b.organizationId,
        b.humanId,
        new Date(b.start).toISOString(),
        new Date(end).toISOString(),
        b.durationMinutes,
        b.attendeeName,
        b.attendeeEmail,
        JSON.stringify(b.metadata),
        now.toISOString(),
        localDateOf(human.timezone, b.start),
        b.rescheduledFrom?.id ?? null,
        // A calendar UID outlives the booking id: a moved booking keeps its event's.
        b.rescheduledFrom?.icalUid ?? `${id}@humantime`,
        // The old booking's cancellation takes sequence + 1, so the moved event wins in any
        // calendar that sees both, in either order.
        b.rescheduledFrom ? b.rescheduledFrom.icalSequence + 2 : 0,
        id,
      ],
    );
    await tx.query(
      `INSERT INTO time_claims (organization_id, human_id, booking_id, starts_at, ends_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4::timestamptz, $5::timestamptz)`,
      [b.organizationId, b.humanId, row!.id, new Date(claim.start).toISOString(), new Date(claim.end).toISOString()],
    );
    const counted = await tx.query(
      `INSERT INTO booking_day_counts AS d (organization_id, human_id, local_date, confirmed)
       VALUES ($1::uuid, $2::uuid, $3::date, 1)
       ON CONFLICT (organization_id, human_id, local_date) DO UPDATE SET confirmed = d.confirmed + 1
        WHERE $4::int IS NULL OR d.confirmed < $4::int
       RETURNING confirmed`,
      [b.organizationId, b.humanId, localDateOf(human.timezone, b.start), human.rules.maxBookingsPerDay ?? null],
    );
    if (counted.length === 0) throw slotUnavailable();
    return row!;
  } catch (error) {
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
}

/**
 * Gives back what a confirmed booking held, in the transaction that cancels or moves it:
 * its time claim and its place in its local day's count.
 */
export async function releaseTime(tx: SqlSession, organizationId: string, bookingId: string): Promise<void> {
  await tx.query(`DELETE FROM time_claims WHERE booking_id = $1::uuid AND organization_id = $2::uuid`, [
    bookingId,
    organizationId,
  ]);
  await tx.query(
    `UPDATE booking_day_counts d SET confirmed = d.confirmed - 1
       FROM bookings b
      WHERE b.id = $1::uuid AND b.organization_id = $2::uuid
        AND d.organization_id = b.organization_id AND d.human_id = b.human_id AND d.local_date = b.local_date`,
    [bookingId, organizationId],
  );
}
