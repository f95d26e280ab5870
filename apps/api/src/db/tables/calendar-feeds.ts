// Hand-written statements on `calendar_feeds`: one secret subscription feed per human, found
// by the SHA-256 of its token. Each is one statement, so the human's existence (in the
// organization, not deleted) and the write are decided together.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import { BOOKING_COLUMNS, type CalendarRow } from './bookings.js';

/**
 * Creates the human's feed, or replaces its token (and created_at) in place, so the old token
 * finds nothing from this statement on. Undefined when the organization has no such human
 * (unknown, deleted, or another organization's).
 */
export async function upsertCalendarFeed(
  query: Sql,
  organizationId: string,
  { humanId, tokenHash, now }: { humanId: string; tokenHash: string; now: Date },
): Promise<{ createdAt: Date } | undefined> {
  const p = new Params();
  const [row] = await query<{ createdAt: Date }>(
    `INSERT INTO calendar_feeds (organization_id, human_id, token_hash, created_at)
     SELECT h.organization_id, h.id, ${p.ref(tokenHash, 'text')}, ${p.ref(now.toISOString(), 'timestamptz')}
       FROM humans h
      WHERE h.id = ${p.ref(humanId, 'uuid')} AND h.organization_id = ${p.ref(organizationId, 'uuid')} AND h.deleted_at IS NULL
     ON CONFLICT (organization_id, human_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at
     RETURNING created_at AS "createdAt"`,
    p.values,
  );
  return row;
}

/** Deletes the human's feed. Says whether the human exists and whether there was a feed. */
export async function deleteCalendarFeed(
  query: Sql,
  organizationId: string,
  humanId: string,
): Promise<{ human: boolean; deleted: boolean }> {
  const p = new Params();
  const org = p.ref(organizationId, 'uuid');
  const [row] = await query<{ human: boolean; deleted: boolean }>(
    `WITH human AS (
       SELECT id FROM humans WHERE id = ${p.ref(humanId, 'uuid')} AND organization_id = ${org} AND deleted_at IS NULL
     ), deleted AS (
       DELETE FROM calendar_feeds WHERE organization_id = ${org} AND human_id IN (SELECT id FROM human) RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM human) AS human, EXISTS (SELECT 1 FROM deleted) AS deleted`,
    p.values,
  );
  return row!;
}

/** Since when the human's feed has been active (its current token's creation); undefined without one. */
export async function selectCalendarFeed(query: Sql, organizationId: string, humanId: string): Promise<{ createdAt: Date } | undefined> {
  const p = new Params();
  const [row] = await query<{ createdAt: Date }>(
    `SELECT created_at AS "createdAt" FROM calendar_feeds
      WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND human_id = ${p.ref(humanId, 'uuid')}`,
    p.values,
  );
  return row;
}

/** The human behind a feed token, and the bookings its feed shows. */
export interface FeedContent {
  humanName: string;
  humanEmail: string | null;
  /** Ascending by start, then id. */
  bookings: CalendarRow[];
}

type FeedRow = { humanName: string; humanEmail: string | null } & ({ id: null } | CalendarRow);

/**
 * In one statement: the feed by its token's digest, its human (not deleted) and that human's
 * bookings that start at `since` or later, each chain of reschedules once (the booking that
 * replaced the others: a moved booking's old rows have rescheduled_to set), and cancelled
 * ones only while their cancellation is at `since` or later. Undefined for an unknown token.
 * The bookings come by the (human_id, starts_at) index.
 */
export async function selectFeedContent(query: Sql, tokenHash: string, since: Date): Promise<FeedContent | undefined> {
  const p = new Params();
  const from = p.ref(since.toISOString(), 'timestamptz');
  const rows = await query<FeedRow>(
    `SELECT feed."humanName", feed."humanEmail", b.*
       FROM (SELECT h.organization_id AS feed_organization, h.id AS feed_human, h.name AS "humanName", h.email AS "humanEmail"
               FROM calendar_feeds f JOIN humans h ON h.id = f.human_id AND h.organization_id = f.organization_id
              WHERE f.token_hash = ${p.ref(tokenHash, 'text')} AND h.deleted_at IS NULL) feed
       LEFT JOIN LATERAL (
         SELECT ${BOOKING_COLUMNS} FROM bookings
          WHERE organization_id = feed.feed_organization AND human_id = feed.feed_human AND starts_at >= ${from}
            AND rescheduled_to IS NULL AND (status = 'confirmed' OR cancelled_at >= ${from})
       ) b ON true
      ORDER BY b."startsAt", b."id"`,
    p.values,
  );
  const [first] = rows;
  if (!first) return undefined;
  return {
    humanName: first.humanName,
    humanEmail: first.humanEmail,
    bookings: rows.filter((row): row is FeedRow & CalendarRow => row.id !== null),
  };
}
