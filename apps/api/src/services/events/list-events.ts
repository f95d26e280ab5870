import type { Event, EventsPage, EventsQuery } from '@humantime/contract';
import { eventExists, placeEvents, selectFeedPage } from '../../db/tables/events.js';
import { AppError } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';

/** The feed serves the last 30 days of events. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * GET /v1/events: the organization's events in the order they took their places in the feed
 * (about the order they committed), each the webhook body plus its id; see selectFeedPage
 * for why no event is ever skipped. `after` is an event id (what the
 * caller last processed); one that is not an event of this organization is a
 * VALIDATION_ERROR rather than an empty page, so a typo never looks like "caught up".
 */
export async function listEvents(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  query: EventsQuery,
): Promise<EventsPage> {
  const now = clock();
  if (query.after && !(await eventExists(store.sql, organizationId, query.after))) {
    throw new AppError('VALIDATION_ERROR', 'after: not the id of an event of this organization.');
  }
  const read = () =>
    selectFeedPage(store.sql, {
      organizationId,
      after: query.after ?? null,
      since: new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000),
      limit: query.limit + 1,
    });
  let feed = await read();
  // Events committed since the feed was last read get their places now, then are served.
  if (feed.unplaced) {
    await store.transaction((tx) => placeEvents(tx.query, organizationId));
    feed = await read();
  }
  const page = feed.rows.slice(0, query.limit);
  const data: Event[] = page.map((r) => ({ id: r.id, ...(JSON.parse(r.body) as Omit<Event, 'id'>) }));
  return { data, next_cursor: feed.rows.length > query.limit ? page[page.length - 1]!.id : null };
}
