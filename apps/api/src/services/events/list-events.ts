import type { EventsPage, EventsQuery } from '@humantime/contract';
import { eventPlace, feedWasSwept, placeEvents, selectFeedPage } from '../../db/tables/events.js';
import { AppError } from '../../lib/app-error.js';
import { jsonText } from '../../lib/json-text.js';
import type { ServiceDeps } from '../deps.js';

type FeedDeps = Pick<ServiceDeps, 'store' | 'clock' | 'config'>;

/**
 * GET /v1/events: the organization's events in the order they took their places in the feed
 * (about the order they committed), each the webhook body plus its id; see selectFeedPage for
 * why no event is ever skipped. The feed keeps RETENTION_DAYS of events (jobs/retention).
 * `after` is an event id (what the caller last processed). Places run 1, 2, 3 … without
 * holes, so when the place after `after`'s is not the page's first, events were swept unread
 * and the page says `gap: true`; so it does when `after` names an event no longer kept. An
 * `after` that names no event of this organization (and cannot be a swept one) is a
 * VALIDATION_ERROR rather than an empty page, so a typo never looks like "caught up".
 * Each event is its stored body (the webhook's, serialized once) with its id in front, sent
 * as text (lib/json-text.ts): never parsed and serialized again.
 */
export async function listEvents({ store, clock, config }: FeedDeps, organizationId: string, query: EventsQuery): Promise<EventsPage> {
  const now = clock();
  const start = query.after === undefined ? { place: null, gone: false } : await startAfter(store, organizationId, query.after, now);
  const read = () =>
    selectFeedPage(store.sql, {
      organizationId,
      afterPlace: start.place,
      since: new Date(now.getTime() - config.retention.days * 86_400_000),
      limit: query.limit + 1,
    });
  let feed = await read();
  // Events committed since the feed was last read get their places now, then are served.
  if (feed.unplaced) {
    await store.transaction((tx) => placeEvents(tx.query, organizationId, now));
    feed = await read();
  }
  const page = feed.rows.slice(0, query.limit);
  const next = start.place === null ? null : BigInt(start.place) + 1n;
  const skipped = next !== null && feed.lastPlace !== null && next <= BigInt(feed.lastPlace) && page[0]?.place !== next.toString();
  const nextCursor = feed.rows.length > query.limit ? `"${page[page.length - 1]!.id}"` : 'null';
  const data = page.map((r) => withId(r.id, r.body)).join(',');
  return jsonText<EventsPage>(`{"data":[${data}],"next_cursor":${nextCursor}${start.gone || skipped ? ',"gap":true' : ''}}`);
}

/** `{"id":…, …the body's members}`: the event's JSON from its id (a uuid) and its stored body (an object). */
function withId(id: string, body: string): string {
  return body === '{}' ? `{"id":"${id}"}` : `{"id":"${id}",${body.slice(1)}`;
}

/**
 * Where the page after the event `after` starts: after its place while it is kept; from the
 * oldest kept event (`gone`) when it is not, in a feed that retention has swept.
 */
async function startAfter(
  store: FeedDeps['store'],
  organizationId: string,
  after: string,
  now: Date,
): Promise<{ place: string | null; gone: boolean }> {
  let event = await eventPlace(store.sql, organizationId, after);
  if (event && event.place === null) {
    // An id learnt before the event was first read in the feed (a webhook's): place it now.
    await store.transaction((tx) => placeEvents(tx.query, organizationId, now));
    event = await eventPlace(store.sql, organizationId, after);
  }
  if (event?.place) return { place: event.place, gone: false };
  if (await feedWasSwept(store.sql, organizationId)) return { place: null, gone: true };
  throw new AppError('VALIDATION_ERROR', 'after: not the id of an event of this organization.');
}
