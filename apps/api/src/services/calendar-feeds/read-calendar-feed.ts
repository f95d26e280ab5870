import { hash } from 'node:crypto';
import { CALENDAR_FEED_WINDOW_DAYS } from '@humantime/contract';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { selectFeedContent, type FeedContent } from '../../db/tables/calendar-feeds.js';
import { AppError } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { bookingEvent, CALENDAR_PROD_ID, withFinalLineBreak } from '../bookings/booking-calendar.js';
import { feedTokenHash } from './feed-token.js';

const DAY_MS = 86_400_000;

/**
 * How often calendar apps are asked to fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). Most
 * honour it only as a hint, and Google Calendar and Microsoft 365 poll on their own schedule;
 * a fetch that finds nothing new costs one statement and a 304.
 */
const REFRESH_SECONDS = 15 * 60;

/**
 * Raise it whenever the feed's text would change for the same bookings (another property, a
 * new version of the iCalendar library), so copies kept under the old ETag are fetched again.
 */
const FEED_FORMAT = 2;

/** The feed as served: its ETag, known from the statement alone, and its text, built on demand. */
export interface CalendarFeedFile {
  etag: string;
  text: () => string;
}

/** Unknown, replaced and revoked tokens, and deleted humans, all answer the same. */
const noFeed = () => new AppError('NOT_FOUND', 'No calendar feed at this address: it was replaced or revoked. Ask for a new link.');

/**
 * GET /feeds/<token>.ics: the human's bookings as an iCalendar subscription (METHOD:PUBLISH),
 * read in one statement. Each booking is the VEVENT of GET /v1/bookings/{id}/ics, so a
 * calendar that has both sees one event: the same UID along a chain of reschedules (shown
 * once, at its current time), a SEQUENCE that rises with each change, STATUS:CANCELLED once
 * cancelled. The window reaches back CALENDAR_FEED_WINDOW_DAYS for starts and for
 * cancellations. The text is written only when the caller's copy is stale (see feedEtag), so
 * a poll that finds nothing new costs the statement and a hash, not the writing of every event.
 */
export async function readCalendarFeed(deps: Pick<ServiceDeps, 'store' | 'clock'>, token: string): Promise<CalendarFeedFile> {
  const since = new Date(deps.clock().getTime() - CALENDAR_FEED_WINDOW_DAYS * DAY_MS);
  const content = await selectFeedContent(deps.store.sql, feedTokenHash(token), since);
  if (!content) throw noFeed();
  return { etag: feedEtag(content), text: () => feedText(content) };
}

/**
 * The ETag of the text feedText would write, without writing it. A booking row changes only
 * when it is cancelled, which raises its SEQUENCE, or moved, which takes it out of the feed (its
 * successor carries the UID), so the rows' ids and SEQUENCEs stand for their VEVENTs; the
 * human's name and email are in every event; the rest is this code (FEED_FORMAT).
 */
function feedEtag({ humanName, humanEmail, bookings }: FeedContent): string {
  const versions = [FEED_FORMAT, humanName, humanEmail, bookings.map((b) => `${b.id}.${b.icalSequence}`)];
  return `"${hash('sha256', JSON.stringify(versions), 'base64url')}"`;
}

function feedText({ humanName, bookings }: FeedContent): string {
  const calendar = ical({
    prodId: CALENDAR_PROD_ID,
    method: ICalCalendarMethod.PUBLISH,
    name: `${humanName}: bookings (humantime)`,
    ttl: REFRESH_SECONDS,
  });
  for (const row of bookings) calendar.createEvent(bookingEvent(row));
  return withFinalLineBreak(calendar.toString());
}
