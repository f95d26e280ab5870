import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { selectBookingWithHuman, type CalendarRow } from '../../db/tables/bookings.js';
import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';

/**
 * GET /v1/bookings/{id}/ics: the booking as an RFC 5545 invite, serialized by ical-generator
 * (folding at 75 octets, escaping, CRLF). METHOD:REQUEST when the human has an email (the
 * ORGANIZER): one file an agent can send at any time, which a calendar applies as an update of the event;
 * STATUS:CANCELLED (with a higher SEQUENCE) once cancelled, which calendars show as cancelled.
 * The UID is shared along a chain of reschedules and SEQUENCE grows with each change (see
 * claim-time.ts), so the event is updated in place rather than duplicated. DTSTAMP is the
 * time of the last change, which keeps the file byte-identical until the booking changes.
 */
export async function bookingCalendar({ store }: Pick<ServiceDeps, 'store'>, organizationId: string, bookingId: string): Promise<string> {
  const row = await selectBookingWithHuman(store.sql, organizationId, bookingId);
  if (!row) throw notFound('Booking');
  return calendarText(row);
}

/** The calendar's PRODID, for the booking's file and the human's feed alike. */
export const CALENDAR_PROD_ID = { company: 'humantime', product: 'humantime', language: 'EN' };

export function calendarText(row: CalendarRow): string {
  // An iTIP REQUEST names its ORGANIZER (RFC 5546); without the human's email there is none,
  // and the file is a plain iCalendar object that calendars import.
  const calendar = ical({ prodId: CALENDAR_PROD_ID, ...(row.humanEmail ? { method: ICalCalendarMethod.REQUEST } : {}) });
  calendar.createEvent(bookingEvent(row));
  return withFinalLineBreak(calendar.toString());
}

/** RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off. */
export function withFinalLineBreak(text: string): string {
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * The booking's VEVENT: this file's and, for each booking, the human's subscription feed's
 * (services/calendar-feeds), so both carry the same UID, SEQUENCE and text.
 */
export function bookingEvent(row: CalendarRow): ICalEventData {
  const cancelled = row.status === 'cancelled';
  return {
    id: row.icalUid,
    sequence: row.icalSequence,
    stamp: row.cancelledAt ?? row.createdAt,
    start: row.startsAt,
    end: row.endsAt,
    summary: `${row.humanName} / ${row.attendeeName}`,
    description: `Booking ${row.id} (${row.durationMinutes} minutes), made with humantime.`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: row.humanEmail ? { name: row.humanName, email: row.humanEmail } : null,
    attendees: row.attendeeEmail
      ? [
          {
            name: row.attendeeName,
            email: row.attendeeEmail,
            role: ICalAttendeeRole.REQ,
            status: ICalAttendeeStatus.NEEDSACTION,
            rsvp: !cancelled,
          },
        ]
      : [],
  };
}
