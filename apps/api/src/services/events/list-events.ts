import type { Event, EventsPage, EventsQuery } from '@humantime/contract';
import type { Store } from '../../db/open-store.js';
import { AppError } from '../../lib/app-error.js';

/** PRODUCT: events are kept, and served, for 30 days. */
export const EVENT_RETENTION_DAYS = 30;

interface Row {
  id: string;
  body: string;
}

// The feed's order is (xact_id, seq): the writing transaction's id, then the order within
// it. Only events whose transaction is older than this statement's snapshot xmin are
// served: every transaction below xmin has ended, so no event can later appear before one
// already handed out, however transactions interleave and commit. A transaction still
// running merely holds its events (and all after it) back until it ends.
// `$2` (the `after` key) is read in the same statement, so the comparison uses one snapshot.
const PAGE = `
WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS xmin),
     anchor AS (SELECT xact_id, seq FROM events WHERE id = $2::uuid AND organization_id = $1::uuid)
SELECT e.id::text AS id, e.body
  FROM events e, horizon
 WHERE e.organization_id = $1::uuid
   AND e.xact_id < horizon.xmin
   AND e.created_at >= $3::timestamptz
   AND ($2::uuid IS NULL OR (e.xact_id, e.seq) > (SELECT xact_id, seq FROM anchor))
 ORDER BY e.xact_id, e.seq
 LIMIT $4`;

/**
 * GET /v1/events: the organization's events oldest first, each the webhook body plus its
 * id. `after` is an event id (what the caller last processed); an id that is not an event
 * of this organization is a VALIDATION_ERROR rather than an empty page, so a typo never
 * looks like "caught up".
 */
export async function listEvents(sql: Store['sql'], organizationId: string, query: EventsQuery, now: Date): Promise<EventsPage> {
  if (query.after) {
    const [known] = await sql<{ id: string }>(
      'SELECT id::text AS id FROM events WHERE id = $1::uuid AND organization_id = $2::uuid',
      [query.after, organizationId],
    );
    if (!known) throw new AppError('VALIDATION_ERROR', 'after: not the id of an event of this organization.');
  }
  const since = new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const rows = await sql<Row>(PAGE, [organizationId, query.after ?? null, since, query.limit + 1]);
  const page = rows.slice(0, query.limit);
  const data: Event[] = page.map((r) => ({ id: r.id, ...(JSON.parse(r.body) as Omit<Event, 'id'>) }));
  return { data, next_cursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
