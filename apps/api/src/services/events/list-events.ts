import type { Event, EventsPage, EventsQuery } from '@humantime/contract';
import { eventPlace, placeEvents, selectFeedPage } from '../../db/tables/events.js';
import type { ServiceDeps } from '../deps.js';
import { decodeFeedCursor, encodeFeedCursor, isEventId, notAFeedCursor } from './feed-cursor.js';

type FeedDeps = Pick<ServiceDeps, 'store' | 'clock' | 'config'>;

/**
 * GET /v1/events: the organization's events in the order they took their places in the feed
 * (about the order they committed), each the webhook body plus its id and cursor; see
 * selectFeedPage for why no event is ever skipped. The feed keeps RETENTION_DAYS of events.
 * `after` is a cursor (or an event id, while the event is kept); a cursor whose event has been
 * deleted still names its place, and the page after it says `gap: true` when events after that
 * place are gone unread. One that names no event or place of this organization is a
 * VALIDATION_ERROR rather than an empty page, so a typo never looks like "caught up".
 */
export async function listEvents({ store, clock, config }: FeedDeps, organizationId: string, query: EventsQuery): Promise<EventsPage> {
  const now = clock();
  const afterPlace = query.after === undefined ? null : await placeOf(store, organizationId, query.after);
  const read = () =>
    selectFeedPage(store.sql, {
      organizationId,
      afterPlace: afterPlace?.toString() ?? null,
      since: new Date(now.getTime() - config.retention.days * 86_400_000),
      limit: query.limit + 1,
    });
  let feed = await read();
  // Events committed since the feed was last read get their places now, then are served.
  if (feed.unplaced) {
    await store.transaction((tx) => placeEvents(tx.query, organizationId));
    feed = await read();
  }
  const page = feed.rows.slice(0, query.limit);
  const data: Event[] = page.map((r) => ({
    id: r.id,
    cursor: encodeFeedCursor({ place: BigInt(r.place), id: r.id }),
    ...(JSON.parse(r.body) as Omit<Event, 'id' | 'cursor'>),
  }));
  const next_cursor = feed.rows.length > query.limit ? data[data.length - 1]!.cursor : null;
  // Places run without holes: the next place after `after` not served first was deleted unread.
  const next = afterPlace === null ? null : afterPlace + 1n;
  const missed = next !== null && feed.lastPlace !== null && next <= BigInt(feed.lastPlace) && page[0]?.place !== next.toString();
  return { data, next_cursor, ...(missed ? { gap: true } : {}) };
}

/**
 * The place `after` names. An event id must be a kept event of the organization; a cursor must
 * be the place of its event while that is kept, and otherwise a place already given.
 */
async function placeOf(store: FeedDeps['store'], organizationId: string, after: string): Promise<bigint> {
  const position = isEventId(after) ? { place: undefined, id: after } : decodeFeedCursor(after);
  let event = await eventPlace(store.sql, organizationId, position.id);
  if (event && event.place === null) {
    // An id learnt before the event was first read in the feed (a webhook's): place it now.
    await store.transaction((tx) => placeEvents(tx.query, organizationId));
    event = await eventPlace(store.sql, organizationId, position.id);
  }
  if (event?.place) {
    if (position.place !== undefined && position.place !== BigInt(event.place)) throw notAFeedCursor();
    return BigInt(event.place);
  }
  if (position.place === undefined) throw notAFeedCursor();
  const given = await selectFeedPage(store.sql, { organizationId, afterPlace: null, since: new Date(0), limit: 0 });
  if (given.lastPlace === null || position.place > BigInt(given.lastPlace)) throw notAFeedCursor();
  return position.place;
}
