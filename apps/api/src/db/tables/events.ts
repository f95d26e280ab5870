// Hand-written statements on `events` and the `deliveries` outbox.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface NewEvent {
  organizationId: string;
  type: string;
  bookingId: string;
  /** The serialized body every delivery sends. */
  body: string;
  at: Date;
}

/**
 * Two CTEs, `event` and `fanout`: the event, and one pending delivery per webhook of the
 * organization subscribed to its type at this moment (one row in `fanout` each), carrying the
 * event's type and booking. With `from` (a CTE), the event's row is selected from that CTE's,
 * which runs it after that CTE; `body`, an expression over `from`'s columns, then takes the
 * place of `e.body` (the statement writes the body from what it changed). The feed's columns
 * (xact_id, seq) are the table's defaults: the writing transaction's id and the sequence.
 */
export function eventWithDeliveriesCtes(p: Params, e: NewEvent, from?: string, body?: string): string {
  const organizationId = p.ref(e.organizationId, 'uuid');
  const type = p.ref(e.type, 'text');
  const bookingId = p.ref(e.bookingId, 'uuid');
  const at = p.ref(e.at.toISOString(), 'timestamptz');
  return `event AS (
       INSERT INTO events (organization_id, type, booking_id, body, created_at)
       SELECT ${organizationId}, ${type}, ${bookingId}, ${body ?? p.ref(e.body, 'text')}, ${at}${from ? ` FROM ${from}` : ''}
       RETURNING id
     ), fanout AS (
       INSERT INTO deliveries (organization_id, event_id, webhook_id, next_attempt_at, event_type, booking_id)
       SELECT ${organizationId}, event.id, w.id, ${at}, ${type}, ${bookingId}
         FROM event, webhooks w
        WHERE w.organization_id = ${organizationId} AND ${type} = ANY (w.events)
       RETURNING 1
     )`;
}

/**
 * Writes the event and its deliveries (see eventWithDeliveriesCtes) in one statement inside
 * the caller's transaction. Returns how many deliveries it queued.
 */
export async function insertEventWithDeliveries(query: Sql, e: NewEvent): Promise<number> {
  const p = new Params();
  const [row] = await query<{ deliveries: number }>(
    `WITH ${eventWithDeliveriesCtes(p, e)}
     SELECT (SELECT count(*) FROM fanout)::int AS deliveries FROM event`,
    p.values,
  );
  return row!.deliveries;
}

// The feed's order is each event's place, feed_seq, which an event gets only after it has
// committed (placeEvents): a place is never given to an event that could still roll back, and
// places only grow, so a reader that pages with `after` never skips an event and never sees one
// out of order, however transactions interleave and commit. Unlike an order by transaction id,
// nothing else running on the server (a long transaction, in this database or another) holds
// an event back. Places are given one after another (1, 2, 3 …) and the organization's last
// placed event is never swept (jobs/retention), so a place is never given twice and a missing
// place is an event that has left the window: that is how the feed knows a reader missed some.

export interface FeedPage {
  /** Each with its place in the feed (a decimal string: places are bigint). */
  rows: Array<{ id: string; body: string; place: string }>;
  /** Some of the organization's events have committed but have no place in the feed yet. */
  unplaced: boolean;
  /** The last place given in the organization's feed (null: none yet, or a first page). Places run 1, 2, 3 … */
  lastPlace: string | null;
}

/**
 * The feed page's statement (exported for the query-plan test, which runs the same text): up to
 * `limit` placed events of the organization after the place `afterPlace` (null: from the first),
 * created since `since`, in feed order, and marker rows saying whether events wait for a place
 * and, after a place, what the last place given is. The page starts at an index bound on
 * (organization_id, feed_seq): after `afterPlace`, or, for the first page, at the first place
 * given since `since` (one entry of the index on (organization_id, placed_at, feed_seq)): an
 * event created since then was placed since then, at that place or a later one (placeEvents).
 * created_at ≥ since stays a condition: places follow commits, not created_at, so a later
 * place may hold an older event.
 */
export function feedPageQuery(page: { organizationId: string; afterPlace: string | null; since: Date; limit: number }) {
  const p = new Params();
  const org = p.ref(page.organizationId, 'uuid');
  const since = p.ref(page.since.toISOString(), 'timestamptz');
  const from =
    page.afterPlace !== null
      ? `e.feed_seq > ${p.ref(page.afterPlace, 'bigint')}`
      : `e.feed_seq >= (SELECT feed_seq FROM events WHERE organization_id = ${org} AND placed_at >= ${since}
                         ORDER BY placed_at, feed_seq LIMIT 1)`;
  const text = `(SELECT 'event' AS kind, e.id::text AS id, e.body, e.feed_seq::text AS place
        FROM events e
       WHERE e.organization_id = ${org}
         AND ${from}
         AND e.created_at >= ${since}
       ORDER BY e.feed_seq
       LIMIT ${p.ref(page.limit)})
     UNION ALL
     (SELECT 'unplaced', NULL, NULL, NULL FROM events WHERE organization_id = ${org} AND feed_seq IS NULL LIMIT 1)${
       // The last place tells a page after a place whether events after it were swept unread.
       page.afterPlace !== null
         ? `
     UNION ALL
     SELECT 'last', NULL, NULL, max(feed_seq)::text FROM events WHERE organization_id = ${org}`
         : ''
     }`;
  return { text, values: p.values };
}

/** The page of feedPageQuery. */
export async function selectFeedPage(
  query: Sql,
  page: { organizationId: string; afterPlace: string | null; since: Date; limit: number },
): Promise<FeedPage> {
  const { text, values } = feedPageQuery(page);
  const rows = await query<{ kind: 'event' | 'unplaced' | 'last'; id: string | null; body: string | null; place: string | null }>(
    text,
    values,
  );
  const placed = rows.filter((r): r is { kind: 'event'; id: string; body: string; place: string } => r.kind === 'event');
  placed.sort((a, b) => (BigInt(a.place) < BigInt(b.place) ? -1 : 1));
  return {
    rows: placed.map(({ id, body, place }) => ({ id, body, place })),
    unplaced: rows.some((r) => r.kind === 'unplaced'),
    lastPlace: rows.find((r) => r.kind === 'last')?.place ?? null,
  };
}

/**
 * Gives the organization's committed events that have no place in the feed yet the next
 * places, in (xact_id, seq) order, inside the caller's transaction. The organization's
 * advisory lock, held to the end of that transaction, makes one placer at a time, and the
 * UPDATE is a statement of its own after the lock, so its snapshot sees every place given by
 * the placer before it. Each gets placed_at `now`, or later where an earlier place's
 * placed_at or one of these events' created_at is later (clocks of several processes): so
 * placed_at never goes back along the feed and is never before created_at (a CHECK), which
 * lets the first page start at one index entry (feedPageQuery). Returns how many events were placed.
 */
export async function placeEvents(query: Sql, organizationId: string, now: Date): Promise<number> {
  const p = new Params();
  await query(`SELECT pg_advisory_xact_lock(hashtext('humantime.events_feed'), hashtext(${p.ref(organizationId, 'text')}))`, p.values);
  const q = new Params();
  const org = q.ref(organizationId, 'uuid');
  const rows = await query(
    `UPDATE events e
        SET feed_seq = placed.place, placed_at = placed.at
       FROM (SELECT id,
                    (SELECT coalesce(max(feed_seq), 0) FROM events WHERE organization_id = ${org})
                      + row_number() OVER (ORDER BY xact_id, seq) AS place,
                    greatest(${q.ref(now.toISOString(), 'timestamptz')},
                             (SELECT max(placed_at) FROM events WHERE organization_id = ${org}),
                             max(created_at) OVER ()) AS at
               FROM events
              WHERE organization_id = ${org} AND feed_seq IS NULL) placed
      WHERE e.id = placed.id AND e.organization_id = ${org}
      RETURNING 1`,
    q.values,
  );
  return rows.length;
}

/**
 * The organizations with events created before `before` that have no place in the feed yet
 * (nobody has read their feed since): from the partial index of unplaced events.
 */
export async function organizationsWithUnplacedEvents(query: Sql, before: Date): Promise<string[]> {
  const p = new Params();
  const rows = await query<{ organization_id: string }>(
    `SELECT DISTINCT organization_id::text FROM events WHERE feed_seq IS NULL AND created_at < ${p.ref(before.toISOString(), 'timestamptz')}`,
    p.values,
  );
  return rows.map((r) => r.organization_id);
}

/** The event `eventId` of the organization, if it is still kept, with its place (null: none yet). */
export async function eventPlace(query: Sql, organizationId: string, eventId: string): Promise<{ place: string | null } | undefined> {
  const p = new Params();
  const [row] = await query<{ place: string | null }>(
    `SELECT feed_seq::text AS place FROM events WHERE id = ${p.ref(eventId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')}`,
    p.values,
  );
  return row;
}

/**
 * Whether retention has swept some of the organization's feed: its first place (1) is gone.
 * An id that names no kept event may then name a swept one.
 */
export async function feedWasSwept(query: Sql, organizationId: string): Promise<boolean> {
  const p = new Params();
  const [row] = await query<{ swept: boolean | null }>(
    `SELECT min(feed_seq) > 1 AS swept FROM events WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND feed_seq IS NOT NULL`,
    p.values,
  );
  return row?.swept === true;
}

/**
 * Puts a delivered or failed delivery of the organization's webhook back in the outbox,
 * due at `now`. One conditional UPDATE, so two racing requests cannot both queue an
 * attempt. Returns whether it queued one.
 */
export async function requeueFinishedDelivery(
  query: Sql,
  d: { organizationId: string; webhookId: string; deliveryId: string; now: Date },
): Promise<boolean> {
  const p = new Params();
  const now = p.ref(d.now.toISOString(), 'timestamptz');
  const org = p.ref(d.organizationId, 'uuid');
  const rows = await query(
    `UPDATE deliveries d
        SET status = 'pending', next_attempt_at = ${now}, locked_until = NULL, locked_by = NULL,
            updated_at = ${now}
       FROM webhooks w
      WHERE d.organization_id = ${org} AND d.id = ${p.ref(d.deliveryId, 'uuid')} AND d.webhook_id = ${p.ref(d.webhookId, 'uuid')}
        AND w.organization_id = ${org} AND w.id = d.webhook_id
        AND d.status <> 'pending'
      RETURNING d.id`,
    p.values,
  );
  return rows.length > 0;
}
