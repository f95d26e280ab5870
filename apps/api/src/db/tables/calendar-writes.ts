// Hand-written statements on `calendar_writes`: bookings to write into the CalDAV calendars
// that take them, queued by the events trigger and claimed like deliveries.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import { fairClaimCtes, type ClaimRequest } from '../fair-claim.js';
import { BOOKKEEPING } from '../write-counters.js';
import { BOOKING_COLUMNS, type CalendarRow as BookingWithHuman } from './bookings.js';

export interface ClaimedWrite {
  id: string;
  organizationId: string;
  calendarId: string;
  humanId: string;
  icalUid: string;
  /** The number of the attempt about to be made (1..3). */
  attempt: number;
}

/**
 * Leases up to `limit` due writes, in one statement (SKIP LOCKED), the longest due first and
 * within each organization's room (db/fair-claim.ts). Only the oldest pending write of a calendar
 * and UID is due, so one UID's writes never race each other.
 */
export async function claimDueWrites(query: Sql, lease: ClaimRequest): Promise<ClaimedWrite[]> {
  const p = new Params();
  const now = p.ref(lease.now.toISOString(), 'timestamptz');
  const due = {
    table: 'calendar_writes',
    alias: 'd',
    where: [
      `d.status = 'pending'`,
      `d.next_attempt_at <= ${now}`,
      `(d.locked_until IS NULL OR d.locked_until < ${now})`,
      `NOT EXISTS (SELECT 1 FROM calendar_writes e
                    WHERE e.organization_id = d.organization_id AND e.calendar_id = d.calendar_id AND e.ical_uid = d.ical_uid AND e.status = 'pending'
                      AND (e.created_at, e.id) < (d.created_at, d.id))`,
    ],
    dueAt: 'd.next_attempt_at',
  };
  return query<ClaimedWrite>(
    `${BOOKKEEPING} WITH ${fairClaimCtes(p, due, lease)}
     UPDATE calendar_writes w
        SET locked_until = ${p.ref(new Date(lease.now.getTime() + lease.leaseMs).toISOString(), 'timestamptz')},
            locked_by = ${p.ref(lease.workerId)}
      WHERE (w.organization_id, w.id) IN (SELECT organization_id, id FROM chosen)
      RETURNING w.id::text AS "id", w.organization_id::text AS "organizationId", w.calendar_id::text AS "calendarId",
                w.human_id::text AS "humanId", w.ical_uid AS "icalUid", w.attempt_count + 1 AS "attempt"`,
    p.values,
  );
}

/** The chain's confirmed booking (with its human, for the event text), or undefined when it has none. */
export async function selectConfirmedOfChain(
  query: Sql,
  w: Pick<ClaimedWrite, 'organizationId' | 'humanId' | 'icalUid'>,
): Promise<BookingWithHuman | undefined> {
  const p = new Params();
  const [row] = await query<BookingWithHuman>(
    `SELECT b.*, h.name AS "humanName", h.email AS "humanEmail"
       FROM (SELECT ${BOOKING_COLUMNS} FROM bookings
              WHERE organization_id = ${p.ref(w.organizationId, 'uuid')} AND human_id = ${p.ref(w.humanId, 'uuid')}
                AND ical_uid = ${p.ref(w.icalUid)} AND status = 'confirmed'
              ORDER BY created_at DESC LIMIT 1) b
       JOIN humans h ON h.organization_id = ${p.ref(w.organizationId, 'uuid')} AND h.id = b."humanId"::uuid`,
    p.values,
  );
  return row;
}

export interface WriteOutcome {
  organizationId: string;
  id: string;
  workerId: string;
  attempt: number;
  status: 'pending' | 'done' | 'failed';
  nextAttemptAt: Date | null;
  error: string | null;
}

/** Records an attempt while this worker holds the lease for it; false when it passed on. */
export async function recordWrite(query: Sql, o: WriteOutcome): Promise<boolean> {
  const p = new Params();
  const rows = await query(
    `UPDATE calendar_writes SET status = ${p.ref(o.status)}, attempt_count = ${p.ref(o.attempt, 'int')},
            next_attempt_at = COALESCE(${p.ref(o.nextAttemptAt?.toISOString() ?? null, 'timestamptz')}, next_attempt_at),
            last_error = ${p.ref(o.error)}, locked_until = NULL, locked_by = NULL
      WHERE organization_id = ${p.ref(o.organizationId, 'uuid')} AND id = ${p.ref(o.id, 'uuid')} AND locked_by = ${p.ref(o.workerId)} AND attempt_count = ${p.ref(o.attempt - 1, 'int')}
      RETURNING 1`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * After the last attempt failed: the calendar says so in last_error (its status is about
 * reading). A calendar that cannot be read keeps its CALENDAR_UNREADABLE, which status "error"
 * stands for; its next good read reports the write (unresolvedWriteFailure).
 */
export async function reportWriteFailure(
  query: Sql,
  w: { organizationId: string; calendarId: string; message: string; at: Date },
): Promise<void> {
  const p = new Params();
  const error = { code: 'WRITE_BACK_FAILED', message: w.message, at: w.at.toISOString() };
  await query(
    `UPDATE calendars SET last_error = ${p.ref(JSON.stringify(error), 'jsonb')}
      WHERE organization_id = ${p.ref(w.organizationId, 'uuid')} AND id = ${p.ref(w.calendarId, 'uuid')} AND status <> 'error'`,
    p.values,
  );
}

/**
 * The calendar answers again (a write or a read of it worked): its writes that failed after
 * every attempt are due again, from the first attempt, so no booking stays missing from it
 * for good. Each writes the chain's state now (the booking, or its absence).
 */
export async function requeueFailedWrites(query: Sql, w: { organizationId: string; calendarId: string; now: Date }): Promise<number> {
  const p = new Params();
  // Not bookkeeping: on the embedded store the calendar-write runner, idle, wakes on the
  // deliveries' write counter (write-counters.ts), which the events trigger moves when it
  // queues writes; this statement names that table so it moves the counter too.
  const rows = await query(
    `/* queued as the deliveries' trigger queues them */ UPDATE calendar_writes SET status = 'pending', attempt_count = 0, next_attempt_at = ${p.ref(w.now.toISOString(), 'timestamptz')},
            locked_until = NULL, locked_by = NULL
      WHERE organization_id = ${p.ref(w.organizationId, 'uuid')} AND calendar_id = ${p.ref(w.calendarId, 'uuid')} AND status = 'failed'
      RETURNING 1`,
    p.values,
  );
  return rows.length;
}

export async function nextWriteDue(query: Sql): Promise<Date | undefined> {
  const [row] = await query<{ due: Date | string | null }>(
    `SELECT min(GREATEST(next_attempt_at, locked_until)) AS due FROM calendar_writes WHERE status = 'pending'`,
  );
  return row?.due ? new Date(row.due) : undefined;
}

export async function releaseWriteLeases(query: Sql): Promise<number> {
  const rows = await query(
    `UPDATE calendar_writes SET locked_until = NULL, locked_by = NULL WHERE status = 'pending' AND locked_by IS NOT NULL RETURNING 1`,
  );
  return rows.length;
}

/**
 * The last write into the calendar that failed after every attempt and is not queued again
 * (requeueFailedWrites): what a good read must keep reporting, though a failed read's
 * CALENDAR_UNREADABLE took last_error's place meanwhile.
 */
export async function unresolvedWriteFailure(
  query: Sql,
  w: { organizationId: string; calendarId: string },
): Promise<{ icalUid: string; error: string | null } | undefined> {
  const p = new Params();
  const org = p.ref(w.organizationId, 'uuid');
  const calendar = p.ref(w.calendarId, 'uuid');
  const [row] = await query<{ icalUid: string; error: string | null }>(
    `SELECT f.ical_uid AS "icalUid", f.last_error AS error FROM calendar_writes f
      WHERE f.organization_id = ${org} AND f.calendar_id = ${calendar} AND f.status = 'failed'
      ORDER BY f.created_at DESC LIMIT 1`,
    p.values,
  );
  return row;
}

/**
 * A write that worked: a WRITE_BACK_FAILED the calendar reported is over once none of its
 * writes is failing (failed for good, or pending again after a failed attempt).
 */
export async function clearWriteFailure(query: Sql, w: { organizationId: string; calendarId: string }): Promise<void> {
  const p = new Params();
  const org = p.ref(w.organizationId, 'uuid');
  const calendar = p.ref(w.calendarId, 'uuid');
  await query(
    `UPDATE calendars SET last_error = NULL
      WHERE organization_id = ${org} AND id = ${calendar} AND last_error->>'code' = 'WRITE_BACK_FAILED'
        AND NOT EXISTS (SELECT 1 FROM calendar_writes f WHERE f.organization_id = ${org} AND f.calendar_id = ${calendar}
                         AND (f.status = 'failed' OR (f.status = 'pending' AND f.last_error IS NOT NULL)))`,
    p.values,
  );
}
