// Hand-written statements on `bookings`, for the booking paths that run straight on the
// driver (see docs/decisions/0003-three-ways-to-the-database.md). Rows come back under the
// names Prisma's Booking model has, so bookingView serves both paths.
import type { Booking } from '../../generated/prisma/client.js';
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

/**
 * A booking as the API reads it; local_date is bookkeeping for the daily counts only, and
 * answer_json is what the list pages send (db/tables/list-pages.ts).
 */
export type BookingRow = Omit<Booking, 'localDate' | 'answerJson'>;

/** The columns of a BookingRow, unqualified (select them from `bookings` alone). */
export const BOOKING_COLUMNS = `id::text AS "id", organization_id::text AS "organizationId", human_id::text AS "humanId",
  starts_at AS "startsAt", ends_at AS "endsAt", duration_minutes AS "durationMinutes",
  attendee_name AS "attendeeName", attendee_email AS "attendeeEmail", status::text AS "status",
  metadata, created_at AS "createdAt", cancelled_at AS "cancelledAt",
  rescheduled_from::text AS "rescheduledFrom", rescheduled_to::text AS "rescheduledTo",
  ical_uid AS "icalUid", ical_sequence AS "icalSequence", group_id::text AS "groupId"`;

export interface NewBooking {
  id: string;
  organizationId: string;
  humanId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  attendeeName: string;
  attendeeEmail: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /** "YYYY-MM-DD" in the human's zone: the day it counts toward. */
  localDate: string;
  rescheduledFrom: string | null;
  icalUid: string;
  icalSequence: number;
  /** Shared by the bookings of one mode=all booking of several humans. */
  groupId: string | null;
}

/**
 * The INSERT of a confirmed booking, as a fragment of a statement; with `from` (a CTE), its
 * row is selected from that CTE's, which runs it after that CTE. The exclusion constraint
 * bookings_no_overlap may refuse it (23P01, or 40P01 when two inserts waited on each other):
 * see isBookingConflict.
 */
export function bookingInsert(p: Params, b: NewBooking, from?: string): string {
  return `INSERT INTO bookings (organization_id, human_id, starts_at, ends_at, duration_minutes,
                           attendee_name, attendee_email, metadata, created_at,
                           id, local_date, rescheduled_from, ical_uid, ical_sequence, group_id)
     SELECT ${p.ref(b.organizationId, 'uuid')}, ${p.ref(b.humanId, 'uuid')}, ${p.ref(b.startsAt.toISOString(), 'timestamptz')},
            ${p.ref(b.endsAt.toISOString(), 'timestamptz')}, ${p.ref(b.durationMinutes, 'int')}, ${p.ref(b.attendeeName, 'text')},
            ${p.ref(b.attendeeEmail, 'text')}, ${p.ref(JSON.stringify(b.metadata), 'json')}, ${p.ref(b.createdAt.toISOString(), 'timestamptz')},
            ${p.ref(b.id, 'uuid')}, ${p.ref(b.localDate, 'date')}, ${p.ref(b.rescheduledFrom, 'uuid')}, ${p.ref(b.icalUid, 'text')},
            ${p.ref(b.icalSequence, 'int')}, ${p.ref(b.groupId, 'uuid')}${from ? ` FROM ${from}` : ''}`;
}

/** Inserts a confirmed booking (see bookingInsert) and answers its row. */
export async function insertBooking(query: Sql, b: NewBooking): Promise<BookingRow> {
  const p = new Params();
  const [row] = await query<BookingRow>(`${bookingInsert(p, b)} RETURNING ${BOOKING_COLUMNS}`, p.values);
  return row!;
}

/**
 * The row insertBooking answers for `b`, known before it is written (the id and created_at
 * are chosen here, not by the database), for a statement that does not read it back.
 */
export function newBookingRow(b: NewBooking): BookingRow {
  return {
    id: b.id,
    organizationId: b.organizationId,
    humanId: b.humanId,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    durationMinutes: b.durationMinutes,
    attendeeName: b.attendeeName,
    attendeeEmail: b.attendeeEmail,
    status: 'confirmed',
    metadata: b.metadata as BookingRow['metadata'],
    createdAt: b.createdAt,
    cancelledAt: null,
    rescheduledFrom: b.rescheduledFrom,
    rescheduledTo: null,
    icalUid: b.icalUid,
    icalSequence: b.icalSequence,
    groupId: b.groupId,
  };
}

/**
 * Cancels a booking only while it is confirmed: the status guard makes a second (or a
 * concurrent) cancel match nothing. Undefined when nothing was cancelled. A change of the
 * calendar event, so its SEQUENCE grows.
 */
export async function cancelConfirmedBooking(
  query: Sql,
  organizationId: string,
  bookingId: string,
  at: Date,
): Promise<BookingRow | undefined> {
  const p = new Params();
  const [row] = await query<BookingRow>(
    `UPDATE bookings SET status = 'cancelled', cancelled_at = ${p.ref(at.toISOString(), 'timestamptz')}, ical_sequence = ical_sequence + 1
      WHERE id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')} AND status = 'confirmed'
     RETURNING ${BOOKING_COLUMNS}`,
    p.values,
  );
  return row;
}

export async function selectBooking(query: Sql, organizationId: string, bookingId: string): Promise<BookingRow | undefined> {
  const p = new Params();
  const [row] = await query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')}`,
    p.values,
  );
  return row;
}

/** The booking, locked until the transaction ends, so a move and a cancel of it serialize. */
export async function selectBookingForUpdate(query: Sql, organizationId: string, bookingId: string): Promise<BookingRow | undefined> {
  const p = new Params();
  const [row] = await query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')} FOR UPDATE`,
    p.values,
  );
  return row;
}

/** Links a booking that was moved to the booking that replaced it. */
export async function linkRescheduledTo(
  query: Sql,
  link: { organizationId: string; bookingId: string; nextId: string },
): Promise<BookingRow> {
  const p = new Params();
  const [row] = await query<BookingRow>(
    `UPDATE bookings SET rescheduled_to = ${p.ref(link.nextId, 'uuid')}
      WHERE organization_id = ${p.ref(link.organizationId, 'uuid')} AND id = ${p.ref(link.bookingId, 'uuid')} RETURNING ${BOOKING_COLUMNS}`,
    p.values,
  );
  return row!;
}

export type CalendarRow = BookingRow & { humanName: string; humanEmail: string | null };

/** A booking with its human's name and email; a soft-deleted human's bookings stay readable. */
export async function selectBookingWithHuman(query: Sql, organizationId: string, bookingId: string): Promise<CalendarRow | undefined> {
  const p = new Params();
  const [row] = await query<CalendarRow>(
    `SELECT b.*, h.name AS "humanName", h.email AS "humanEmail"
       FROM (SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')}) b
       JOIN humans h ON h.organization_id = ${p.ref(organizationId, 'uuid')} AND h.id = b."humanId"::uuid`,
    p.values,
  );
  return row;
}
