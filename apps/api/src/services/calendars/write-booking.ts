import ical, { type ICalAttendeeData } from 'ical-generator';

/** ical-generator exports the enum as a type only; its value. */
const SCHEDULE_AGENT_CLIENT = 'CLIENT' as ICalAttendeeData['scheduleAgent'];
import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import { selectConfirmedOfChain, type ClaimedWrite } from '../../db/tables/calendar-writes.js';
import { selectCalendar } from '../../db/tables/calendars.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { bookingEvent, CALENDAR_PROD_ID, withFinalLineBreak } from '../bookings/booking-calendar.js';
import { send } from './calendar-http.js';
import { statusMessage } from './caldav-requests.js';
import { openSource } from './read-and-store.js';

export interface WriteDeps {
  store: Store;
  config: Config;
  secrets: SecretBox;
}

export type WriteResult = { ok: true; action: 'put' | 'delete' | 'none' } | { ok: false; message: string };

/**
 * Makes a CalDAV calendar show one booking UID as it is now: the chain's confirmed booking is
 * PUT as `<collection>/<uid>.ics` (a VEVENT with the UID and SEQUENCE of the booking's own .ics,
 * so a move updates the event in place), a chain with none is DELETEd (already gone is fine).
 * The calendar's read recognises the UID and does not count it as busy a second time.
 */
export async function writeBooking(deps: WriteDeps, write: ClaimedWrite): Promise<WriteResult> {
  const calendar = await selectCalendar(deps.store.sql, write, { ofDeletedHumans: true });
  if (!calendar || calendar.kind !== 'caldav' || !calendar.writeBookings) return { ok: true, action: 'none' };
  const opened = openSource(calendar, deps.secrets);
  if (!opened.ok) return { ok: false, message: opened.message };
  const source = opened.source;
  const collection = new URL(source.url.endsWith('/') ? source.url : `${source.url}/`);
  const resource = new URL(`${encodeURIComponent(write.icalUid)}.ics`, collection);
  const booking = await selectConfirmedOfChain(deps.store.sql, write);
  const credentials = source.username !== undefined ? { username: source.username, password: source.password ?? '' } : undefined;
  const budget = {
    deadline: Date.now() + deps.config.calendars.readTimeoutMs,
    timeoutMs: deps.config.calendars.readTimeoutMs,
    maxBytes: 64 * 1024,
    maxRedirects: 0,
    allowPrivate: deps.config.webhooks.allowPrivateUrls,
  };
  if (booking) {
    // A calendar object resource carries no METHOD (RFC 4791). SCHEDULE-AGENT=CLIENT: a server
    // that schedules by itself (RFC 6638: iCloud, Nextcloud, Fastmail) must not email the
    // attendee an invitation, or a cancellation, for a booking humantime already confirmed.
    const file = ical({ prodId: CALENDAR_PROD_ID });
    const event = bookingEvent(booking);
    const attendees = (event.attendees ?? []) as ICalAttendeeData[];
    file.createEvent({ ...event, attendees: attendees.map((a) => ({ ...a, scheduleAgent: SCHEDULE_AGENT_CLIENT })) });
    const text = withFinalLineBreak(file.toString());
    const answer = await send(
      {
        method: 'PUT',
        url: resource,
        headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
        body: text,
        ...(credentials ? { credentials } : {}),
        wantBody: () => false,
      },
      budget,
    );
    if (!answer.ok) return { ok: false, message: answer.message };
    return answer.status >= 200 && answer.status < 300
      ? { ok: true, action: 'put' }
      : { ok: false, message: statusMessage(answer.status, credentials !== undefined) };
  }
  const answer = await send(
    { method: 'DELETE', url: resource, headers: {}, ...(credentials ? { credentials } : {}), wantBody: () => false },
    budget,
  );
  if (!answer.ok) return { ok: false, message: answer.message };
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404 || answer.status === 410)
    return { ok: true, action: 'delete' };
  return { ok: false, message: statusMessage(answer.status, credentials !== undefined) };
}
