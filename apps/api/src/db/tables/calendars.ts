// Hand-written statements on `calendars` and `calendar_busy`: a human's own calendars and the
// busy time read from them. A read's busy set replaces the calendar's old one in one
// transaction, together with the human's schedule_version, so a slots answer never sees half
// of it and every cache keyed on the version sees the change at once.
import { Params } from '../params.js';
import type { Keyset } from './list-pages.js';
import type { Sql } from '../sql.js';
import { fairClaimCtes, type ClaimRequest } from '../fair-claim.js';
import { BOOKKEEPING } from '../write-counters.js';

export interface CalendarRow {
  id: string;
  organizationId: string;
  humanId: string;
  kind: 'ics' | 'caldav';
  urlSealed: string;
  credentialsSealed: string | null;
  name: string | null;
  writeBookings: boolean;
  status: 'ok' | 'error';
  lastSyncedAt: Date | null;
  lastError: { code: string; message: string; at: string } | null;
  busyCount: number;
  etag: string | null;
  lastModified: string | null;
  syncState: unknown;
  failures: number;
  createdAt: Date;
  /** The human's zone and booking horizon: what a read expands in, and how far. */
  timezone: string;
  bookingHorizonDays: number | null;
}

const CALENDAR_COLUMNS = `c.id::text AS "id", c.organization_id::text AS "organizationId", c.human_id::text AS "humanId",
  c.kind, c.url_sealed AS "urlSealed", c.credentials_sealed AS "credentialsSealed", c.name,
  c.write_bookings AS "writeBookings", c.status, c.last_synced_at AS "lastSyncedAt", c.last_error AS "lastError",
  c.busy_count AS "busyCount", c.etag, c.last_modified AS "lastModified", c.sync_state AS "syncState",
  c.failures, c.created_at AS "createdAt",
  h.timezone, h.booking_horizon_days AS "bookingHorizonDays"`;

/** The calendar's human (`h`), joined to calendar `c` by its key (LIVE_HUMAN: while not deleted). */
const ANY_HUMAN = 'humans h ON h.organization_id = c.organization_id AND h.id = c.human_id';
const LIVE_HUMAN = `${ANY_HUMAN} AND h.deleted_at IS NULL`;

/**
 * A human's calendars, newest first, scoped to the organization (deleted humans have none to
 * show); one page of them with `page` (at most 10 a human, so the human's index serves it).
 */
export async function selectCalendars(
  query: Sql,
  where: { organizationId: string; humanId: string; calendarId?: string },
  page?: Keyset,
): Promise<CalendarRow[]> {
  const p = new Params();
  const after = page?.after
    ? `AND (c.created_at, c.id) < (${p.ref(page.after.createdAt.toISOString(), 'timestamptz')}, ${p.ref(page.after.id, 'uuid')})`
    : '';
  return query<CalendarRow>(
    `SELECT ${CALENDAR_COLUMNS} FROM calendars c JOIN ${LIVE_HUMAN}
      WHERE c.organization_id = ${p.ref(where.organizationId, 'uuid')} AND c.human_id = ${p.ref(where.humanId, 'uuid')}
        ${where.calendarId ? `AND c.id = ${p.ref(where.calendarId, 'uuid')}` : ''} ${after}
      ORDER BY c.created_at DESC, c.id DESC ${page ? `LIMIT ${p.ref(page.take, 'int')}` : ''}`,
    p.values,
  );
}

/** Which of `bookingIds` are bookings of this human, in any status. */
export async function selectHumansBookingIds(
  query: Sql,
  where: { organizationId: string; humanId: string },
  bookingIds: readonly string[],
): Promise<Set<string>> {
  const rows = await query<{ id: string }>(
    `SELECT id::text AS id FROM bookings WHERE organization_id = $1::uuid AND id = ANY($2::uuid[]) AND human_id = $3::uuid`,
    [where.organizationId, bookingIds, where.humanId],
  );
  return new Set(rows.map((r) => r.id));
}

/** The calendar with this id (the refresh job's and the sync endpoint's read). */
/**
 * One calendar of a live human; `ofDeletedHumans`: of a deleted one too (writing a booking out:
 * a deleted human's bookings stay cancellable, and a cancellation must leave their calendar).
 */
export async function selectCalendar(
  query: Sql,
  where: { organizationId: string; calendarId: string },
  { ofDeletedHumans = false }: { ofDeletedHumans?: boolean } = {},
): Promise<CalendarRow | undefined> {
  const p = new Params();
  const [row] = await query<CalendarRow>(
    `SELECT ${CALENDAR_COLUMNS} FROM calendars c JOIN ${ofDeletedHumans ? ANY_HUMAN : LIVE_HUMAN}
      WHERE c.organization_id = ${p.ref(where.organizationId, 'uuid')} AND c.id = ${p.ref(where.calendarId, 'uuid')}`,
    p.values,
  );
  return row;
}

/** Locks the human's row (the order every calendar write takes) and counts their calendars; undefined when the human is gone. */
export async function lockHumanCalendars(query: Sql, where: { organizationId: string; humanId: string }): Promise<number | undefined> {
  const p = new Params();
  const [row] = await query<{ count: number }>(
    `SELECT (SELECT count(*)::int FROM calendars c WHERE c.organization_id = h.organization_id AND c.human_id = h.id) AS count
       FROM humans h
      WHERE h.id = ${p.ref(where.humanId, 'uuid')} AND h.organization_id = ${p.ref(where.organizationId, 'uuid')} AND h.deleted_at IS NULL
        FOR UPDATE OF h`,
    p.values,
  );
  return row?.count;
}

export interface NewCalendar {
  id: string;
  organizationId: string;
  humanId: string;
  kind: 'ics' | 'caldav';
  urlDigest: string;
  urlSealed: string;
  credentialsSealed: string | null;
  name: string | null;
  writeBookings: boolean;
  nextSyncAt: Date;
}

/**
 * Inserts a calendar; a second one with the same address on the human violates
 * calendars_organization_id_human_id_url_digest_key. The human's versions move with it: having
 * a calendar bounds how far ahead they are bookable (CALENDAR_HORIZON_DAYS), a rule the
 * booking statement must not judge on an older snapshot.
 */
export async function insertCalendar(query: Sql, c: NewCalendar): Promise<void> {
  const p = new Params();
  await query(
    `WITH added AS (
       INSERT INTO calendars (id, organization_id, human_id, kind, url_digest, url_sealed, credentials_sealed, name, write_bookings, next_sync_at)
       VALUES (${p.ref(c.id, 'uuid')}, ${p.ref(c.organizationId, 'uuid')}, ${p.ref(c.humanId, 'uuid')}, ${p.ref(c.kind)},
               ${p.ref(c.urlDigest)}, ${p.ref(c.urlSealed)}, ${p.ref(c.credentialsSealed)}, ${p.ref(c.name)},
               ${p.ref(c.writeBookings, 'boolean')}, ${p.ref(c.nextSyncAt.toISOString(), 'timestamptz')})
       RETURNING organization_id, human_id)
     UPDATE humans SET schedule_version = schedule_version + 1, rules_version = rules_version + 1
      WHERE (organization_id, id) IN (SELECT organization_id, human_id FROM added)`,
    p.values,
  );
}

/** Whether the human already has a calendar at this address (a fast answer; the unique index decides). */
export async function calendarUrlTaken(
  query: Sql,
  where: { organizationId: string; humanId: string; urlDigest: string },
): Promise<boolean> {
  const p = new Params();
  const rows = await query(
    `SELECT 1 FROM calendars WHERE organization_id = ${p.ref(where.organizationId, 'uuid')} AND human_id = ${p.ref(where.humanId, 'uuid')}
        AND url_digest = ${p.ref(where.urlDigest)}`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * Removes a calendar (its busy time goes with it, by cascade) and moves the human's
 * schedule_version (and rules_version, see insertCalendar) in the same statement, so no cache
 * keeps the removed busy time.
 */
export async function deleteCalendar(query: Sql, where: { organizationId: string; humanId: string; calendarId: string }): Promise<boolean> {
  const p = new Params();
  const rows = await query(
    `WITH gone AS (
       DELETE FROM calendars WHERE id = ${p.ref(where.calendarId, 'uuid')} AND organization_id = ${p.ref(where.organizationId, 'uuid')}
          AND human_id = ${p.ref(where.humanId, 'uuid')} RETURNING organization_id, human_id)
     UPDATE humans SET schedule_version = schedule_version + 1, rules_version = rules_version + 1
      WHERE (organization_id, id) IN (SELECT organization_id, human_id FROM gone) RETURNING 1`,
    p.values,
  );
  return rows.length > 0;
}

export interface BusySet {
  organizationId: string;
  humanId: string;
  calendarId: string;
  busy: ReadonlyArray<{ uid: string; start: number; end: number }>;
}

/**
 * Makes the calendar's busy time `busy` and moves the human's schedule_version, in the caller's
 * transaction. Only the difference is written: intervals no longer read are deleted and new
 * ones inserted, in one statement from arrays (however many intervals), so a feed in which one
 * meeting moved writes two rows, not the whole year again.
 */
export async function replaceBusy(query: Sql, set: BusySet): Promise<void> {
  const p = new Params();
  const calendar = p.ref(set.calendarId, 'uuid');
  const org = p.ref(set.organizationId, 'uuid');
  await query(
    `WITH incoming AS (
       SELECT DISTINCT b.uid, to_timestamp(b.s / 1000.0)::timestamptz(3) AS starts_at, to_timestamp(b.e / 1000.0)::timestamptz(3) AS ends_at
         FROM unnest(${p.ref(
           set.busy.map((b) => b.uid),
           'text[]',
         )}, ${p.ref(
           set.busy.map((b) => b.start),
           'float8[]',
         )},
                     ${p.ref(
                       set.busy.map((b) => b.end),
                       'float8[]',
                     )}) AS b(uid, s, e)),
     gone AS (
       DELETE FROM calendar_busy c
        WHERE c.organization_id = ${org} AND c.calendar_id = ${calendar}
          AND NOT EXISTS (SELECT 1 FROM incoming i WHERE i.uid = c.uid AND i.starts_at = c.starts_at AND i.ends_at = c.ends_at))
     INSERT INTO calendar_busy (organization_id, human_id, calendar_id, uid, starts_at, ends_at)
     SELECT ${org}, ${p.ref(set.humanId, 'uuid')}, ${calendar}, i.uid, i.starts_at, i.ends_at
       FROM incoming i
      WHERE NOT EXISTS (SELECT 1 FROM calendar_busy c
                         WHERE c.organization_id = ${org} AND c.calendar_id = ${calendar} AND c.uid = i.uid AND c.starts_at = i.starts_at AND c.ends_at = i.ends_at)`,
    p.values,
  );
  await bumpSchedule(query, set);
}

/** Moves the human's schedule_version: every cache of their snapshot is stale from the commit on. */
export async function bumpSchedule(query: Sql, human: { organizationId: string; humanId: string }): Promise<void> {
  const p = new Params();
  await query(
    `UPDATE humans SET schedule_version = schedule_version + 1
      WHERE organization_id = ${p.ref(human.organizationId, 'uuid')} AND id = ${p.ref(human.humanId, 'uuid')}`,
    p.values,
  );
}

export interface ReadOutcome {
  organizationId: string;
  calendarId: string;
  status: 'ok' | 'error';
  lastError: { code: string; message: string; at: string } | null;
  /** Set on a good read (also a 304): when it was. */
  syncedAt: Date | null;
  /** Set when the busy set was replaced: the new count. */
  busyCount?: number;
  etag?: string | null;
  lastModified?: string | null;
  syncState?: unknown;
  failures: number;
  nextSyncAt: Date;
  /** The refresh job's lease: written only while this worker holds it. */
  lockedBy?: string;
}

/** Records a read's outcome and hands the calendar back to the refresh job. Answers false when the lease passed on. */
export async function recordRead(query: Sql, o: ReadOutcome): Promise<boolean> {
  const p = new Params();
  const sets = [
    `status = ${p.ref(o.status)}`,
    `last_error = ${p.ref(o.lastError === null ? null : JSON.stringify(o.lastError), 'jsonb')}`,
    `failures = ${p.ref(o.failures, 'int')}`,
    `next_sync_at = ${p.ref(o.nextSyncAt.toISOString(), 'timestamptz')}`,
    'locked_until = NULL',
    'locked_by = NULL',
  ];
  if (o.syncedAt) sets.push(`last_synced_at = ${p.ref(o.syncedAt.toISOString(), 'timestamptz')}`);
  if (o.busyCount !== undefined) sets.push(`busy_count = ${p.ref(o.busyCount, 'int')}`);
  if (o.etag !== undefined) sets.push(`etag = ${p.ref(o.etag)}`);
  if (o.lastModified !== undefined) sets.push(`last_modified = ${p.ref(o.lastModified)}`);
  if (o.syncState !== undefined) sets.push(`sync_state = ${p.ref(o.syncState === null ? null : JSON.stringify(o.syncState), 'jsonb')}`);
  // The refresh job's outcome is its bookkeeping: the job learns the next read's time from it.
  const rows = await query(
    `${o.lockedBy ? BOOKKEEPING : ''} UPDATE calendars SET ${sets.join(', ')}
       WHERE organization_id = ${p.ref(o.organizationId, 'uuid')} AND id = ${p.ref(o.calendarId, 'uuid')}
       ${o.lockedBy ? `AND locked_by = ${p.ref(o.lockedBy)}` : ''} RETURNING 1`,
    p.values,
  );
  return rows.length > 0;
}

/** What a claim leased, and (when asked) when the next calendar it did not lease falls due. */
export interface CalendarClaim {
  rows: CalendarRow[];
  /** With `restDue` and at least one row leased: the next due time of the others (null: none). */
  restDueAt?: Date | null;
}

/**
 * Leases up to `limit` calendars due for a read to `workerId` and answers them, in one statement
 * (SKIP LOCKED, so several workers claim at once and one calendar has one reader at a time), the
 * longest due first and within each organization's room (db/fair-claim.ts).
 * With `restDue` (the embedded store's quiet polls), the same statement answers when the next of
 * the other calendars falls due (a lapsed lease counts), so a claim needs no second query.
 */
export async function claimDueCalendars(query: Sql, lease: ClaimRequest, options: { restDue?: boolean } = {}): Promise<CalendarClaim> {
  const p = new Params();
  const now = p.ref(lease.now.toISOString(), 'timestamptz');
  const rest = options.restDue
    ? // By id alone (ids are random UUIDs): PGlite, which plans every claim afresh, runs `<> ALL`
      // over the few claimed ids in about 0.1 ms, a row-valued NOT IN in about 1.2 ms.
      `, (SELECT min(GREATEST(o.next_sync_at, o.locked_until)) FROM calendars o WHERE o.id <> ALL (SELECT id FROM c)) AS "restDueAt"`
    : '';
  const due = {
    table: 'calendars',
    where: [`next_sync_at <= ${now}`, `(locked_until IS NULL OR locked_until < ${now})`],
    dueAt: 'next_sync_at',
  };
  const rows = await query<CalendarRow & { restDueAt?: Date | string | null }>(
    `${BOOKKEEPING} WITH ${fairClaimCtes(p, due, lease)}, c AS (
       UPDATE calendars SET locked_until = ${p.ref(new Date(lease.now.getTime() + lease.leaseMs).toISOString(), 'timestamptz')},
              locked_by = ${p.ref(lease.workerId)}
        WHERE (organization_id, id) IN (SELECT organization_id, id FROM chosen)
        RETURNING *)
     SELECT ${CALENDAR_COLUMNS}${rest} FROM c JOIN ${LIVE_HUMAN}`,
    p.values,
  );
  const first = rows[0];
  if (!options.restDue || !first) return { rows };
  return { rows: rows.map(({ restDueAt: _, ...row }) => row), restDueAt: first.restDueAt ? new Date(first.restDueAt) : null };
}

/** When the next calendar falls due (a lapsed lease counts), for the embedded store's quiet polls. */
export async function nextCalendarDue(query: Sql): Promise<Date | undefined> {
  const [row] = await query<{ due: Date | string | null }>(`SELECT min(GREATEST(next_sync_at, locked_until)) AS due FROM calendars`);
  return row?.due ? new Date(row.due) : undefined;
}

/** The embedded store is one process: leases left by a killed run are released at start. */
export async function releaseCalendarLeases(query: Sql): Promise<number> {
  const rows = await query(`UPDATE calendars SET locked_until = NULL, locked_by = NULL WHERE locked_by IS NOT NULL RETURNING 1`);
  return rows.length;
}

export interface BusyRow {
  starts_at: Date | string;
  ends_at: Date | string;
  source: 'booking' | 'hold' | 'calendar';
  calendar_id: string | null;
}

/**
 * What makes a human's time taken between two instants: confirmed bookings, live holds (their
 * own times, without buffers) and calendar busy time, ascending, in one statement.
 */
export async function selectBusy(
  query: Sql,
  where: { organizationId: string; humanId: string; from: Date; to: Date; now: Date },
): Promise<BusyRow[]> {
  const p = new Params();
  const org = p.ref(where.organizationId, 'uuid');
  const human = p.ref(where.humanId, 'uuid');
  const from = p.ref(where.from.toISOString(), 'timestamptz');
  const to = p.ref(where.to.toISOString(), 'timestamptz');
  return query<BusyRow>(
    `SELECT starts_at, ends_at, source, calendar_id FROM (
       SELECT b.starts_at, b.ends_at, 'booking' AS source, NULL::text AS calendar_id FROM bookings b
        WHERE b.organization_id = ${org} AND b.human_id = ${human} AND b.status = 'confirmed'
          AND b.starts_at < ${to} AND b.ends_at > ${from}
       UNION ALL
       SELECT o.starts_at, o.ends_at, 'hold', NULL FROM holds o
        WHERE o.organization_id = ${org} AND o.human_id = ${human} AND o.expires_at > ${p.ref(where.now.toISOString(), 'timestamptz')}
          AND o.starts_at < ${to} AND o.ends_at > ${from}
       UNION ALL
       SELECT c.starts_at, c.ends_at, 'calendar', c.calendar_id::text FROM calendar_busy c
        WHERE c.organization_id = ${org} AND c.human_id = ${human}
          AND tstzrange(c.starts_at, c.ends_at, '[)') && tstzrange(${from}, ${to}, '[)')) busy
     ORDER BY starts_at, ends_at, source, calendar_id`,
    p.values,
  );
}
