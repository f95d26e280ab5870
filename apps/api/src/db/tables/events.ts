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
 * organization subscribed to its type at this moment (one row in `fanout` each). With `from`
 * (a CTE), the event's row is selected from that CTE's, which runs it after that CTE. The
 * feed's columns (xact_id, seq) are the table's defaults: the writing transaction's id and
 * the sequence.
 */
export function eventWithDeliveriesCtes(p: Params, e: NewEvent, from?: string): string {
  const organizationId = p.ref(e.organizationId, 'uuid');
  const type = p.ref(e.type, 'text');
  const at = p.ref(e.at.toISOString(), 'timestamptz');
  return `event AS (
       INSERT INTO events (organization_id, type, booking_id, body, created_at)
       SELECT ${organizationId}, ${type}, ${p.ref(e.bookingId, 'uuid')}, ${p.ref(e.body, 'text')}, ${at}${from ? ` FROM ${from}` : ''}
       RETURNING id
     ), fanout AS (
       INSERT INTO deliveries (event_id, webhook_id, next_attempt_at)
       SELECT event.id, w.id, ${at}
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

// The feed's order is (xact_id, seq): the writing transaction's id, then the order within
// it. Only events whose transaction is older than this statement's snapshot xmin are
// served: every transaction below xmin has ended, so no event can later appear before one
// already handed out, however transactions interleave and commit. A transaction still
// running merely holds its events (and all after it) back until it ends. The `after`
// anchor is read in the same statement, so one snapshot decides everything.
const FEED_PAGE = `
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

/** Up to `limit` events of the organization after `after` (an event id), in feed order. */
export function selectFeedPage(
  query: Sql,
  p: { organizationId: string; after: string | null; since: Date; limit: number },
): Promise<Array<{ id: string; body: string }>> {
  return query(FEED_PAGE, [p.organizationId, p.after, p.since.toISOString(), p.limit]);
}

/** Whether `eventId` is an event of the organization. */
export async function eventExists(query: Sql, organizationId: string, eventId: string): Promise<boolean> {
  const rows = await query('SELECT 1 FROM events WHERE id = $1::uuid AND organization_id = $2::uuid', [eventId, organizationId]);
  return rows.length > 0;
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
  const rows = await query(
    `UPDATE deliveries d
        SET status = 'pending', next_attempt_at = $4::timestamptz, locked_until = NULL, locked_by = NULL,
            updated_at = $4::timestamptz
       FROM webhooks w
      WHERE d.id = $1::uuid AND d.webhook_id = $2::uuid
        AND w.id = d.webhook_id AND w.organization_id = $3::uuid
        AND d.status <> 'pending'
      RETURNING d.id`,
    [d.deliveryId, d.webhookId, d.organizationId, d.now.toISOString()],
  );
  return rows.length > 0;
}
