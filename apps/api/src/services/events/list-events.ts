import type { Event, EventsPage, EventsQuery } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { eventExists, selectFeedPage } from '../../db/tables/events.js';
import { AppError } from '../../lib/app-error.js';

/** PRODUCT: events are kept, and served, for 30 days. */
export const EVENT_RETENTION_DAYS = 30;

/**
 * GET /v1/events: the organization's events oldest first, each the webhook body plus its
 * id; see selectFeedPage for why no event is ever skipped. `after` is an event id (what the
 * caller last processed); one that is not an event of this organization is a
 * VALIDATION_ERROR rather than an empty page, so a typo never looks like "caught up".
 */
export async function listEvents(sql: Sql, organizationId: string, query: EventsQuery, now: Date): Promise<EventsPage> {
  if (query.after && !(await eventExists(sql, organizationId, query.after))) {
    throw new AppError('VALIDATION_ERROR', 'after: not the id of an event of this organization.');
  }
  const rows = await selectFeedPage(sql, {
    organizationId,
    after: query.after ?? null,
    since: new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const data: Event[] = page.map((r) => ({ id: r.id, ...(JSON.parse(r.body) as Omit<Event, 'id'>) }));
  return { data, next_cursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
