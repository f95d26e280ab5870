import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalEventData } from 'ical-generator';
import { selectBookingWithHuman, type CalendarRow } from '../../db/tables/bookings.js';
import { notFound } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';

/**
 * GET /v1/bookings/{id}/ics: the booking as an RFC 5545 invite, serialized by ical-generator
 * (folding at 75 octets, escaping, CRLF). METHOD:REQUEST when the human has an email (the
 * ORGANIZER) and the attendee one (the ATTENDEE; without it, METHOD:PUBLISH): one file an
 * agent can send at any time, which a calendar applies as an update of the event;
 * once cancelled, METHOD:CANCEL with STATUS:CANCELLED (and a higher SEQUENCE), which removes it
 * (a booking moved by a reschedule keeps REQUEST: its UID is the new booking's).
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
  // An iTIP message names its ORGANIZER (RFC 5546); without the human's email there is none,
  // and the file is a plain iCalendar object that calendars import.
  // A REQUEST or CANCEL names at least one ATTENDEE; without the attendee's email the file is
  // the organizer's PUBLISH, which has none (STATUS says whether the booking stands).
  // A cancelled booking's file is the iTIP CANCEL of its UID (RFC 5546 §3.2.5), which a
  // calendar applies by removing the event. Not a moved one's: the UID lives on in the booking
  // that replaced it, which a CANCEL arriving first would remove.
  const method = !row.attendeeEmail
    ? ICalCalendarMethod.PUBLISH
    : row.status === 'cancelled' && row.rescheduledTo === null
      ? ICalCalendarMethod.CANCEL
      : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: CALENDAR_PROD_ID, ...(row.humanEmail ? { method } : {}) });
  calendar.createEvent(bookingEvent(row));
  return withFinalLineBreak(calendar.toString());
}

/** RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off. */
export function withFinalLineBreak(text: string): string {
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * A name as iCalendar text may hold it: RFC 5545 leaves control characters out of TEXT and
 * parameter values (BEL, ESC, …); tab, line feed and carriage return are kept (escaped by the
 * serializer).
 */
function textOnly(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

/**
 * The booking's VEVENT: this file's and, for each booking, the human's subscription feed's
 * (services/calendar-feeds), so both carry the same UID, SEQUENCE and text.
 */
export function bookingEvent(row: CalendarRow): ICalEventData {
  const cancelled = row.status === 'cancelled';
  const humanName = textOnly(row.humanName);
  const attendeeName = textOnly(row.attendeeName);
  const attendee = row.attendeeEmail ? `${attendeeName} <${row.attendeeEmail}>` : attendeeName;
  return {
    id: row.icalUid,
    sequence: row.icalSequence,
    stamp: row.cancelledAt ?? row.createdAt,
    start: row.startsAt,
    end: row.endsAt,
    summary: `${humanName} / ${attendeeName}`,
    description: `Booking ${row.id} (${row.durationMinutes} minutes) with ${attendee}, made with humantime.`,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // A name of control characters only is empty once they are left out; the ORGANIZER's name
    // (its CN, which ical-generator requires) is then the email.
    organizer: row.humanEmail ? { name: humanName || row.humanEmail, email: row.humanEmail } : null,
    // An ATTENDEE makes the event group-scheduled, which must name its ORGANIZER (RFC 5545
    // §3.8.4.3): without the human's email there is none, and the attendee is in the text only.
    attendees:
      row.attendeeEmail && row.humanEmail
        ? [
            {
              name: attendeeName,
              email: row.attendeeEmail,
              role: ICalAttendeeRole.REQ,
              status: ICalAttendeeStatus.NEEDSACTION,
              rsvp: !cancelled,
            },
          ]
        : [],
  };
}
