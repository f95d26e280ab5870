// The atomic booking statement: everything a single-human booking writes, in ONE statement
// sent in autocommit. Its pieces are the tables' own fragments (src/db/tables/*), so a row
// is shaped in one place whichever path writes it.
import { sqlState } from './prisma-errors.js';
import { Params } from './params.js';
import type { Sql } from './sql.js';
import { dayCountUpsert, type DayCount } from './tables/booking-day-counts.js';
import { bookingInsert, type NewBooking } from './tables/bookings.js';
import { eventWithDeliveriesCtes, type NewEvent } from './tables/events.js';
import { expiredHoldsDeleteCtes } from './tables/holds.js';
import { idempotencyKeyClaim, type KeyClaim } from './tables/idempotency-keys.js';
import { timeClaimInsert } from './tables/time-claims.js';
import { shardUnitUpdate, type ShardUnit } from './tables/quota-shards.js';

export interface BookingStatement {
  booking: NewBooking;
  /** The booking's buffered range. */
  claim: { start: number; end: number };
  /** What the human's calendar busy time (stored unbuffered) must not overlap: BookingWrite.calendarReach. */
  calendarReach: { start: number; end: number };
  dayCount: DayCount;
  /**
   * The human's rules_version the booking was judged at: the statement writes only while the
   * human is still of the booking's organization, not deleted, and at this version.
   */
  rulesVersion: string;
  event: NewEvent;
  /** The quota unit's fast path: one shard of the month's counter. */
  quota: ShardUnit;
  /**
   * Whether the statement first deletes the human's expired holds and their claims (so that
   * the exclusion constraint meets only live ones). Always, but for a booking judged on a
   * remembered snapshot in which the human had no hold: see bookOneAtomically.
   */
  clearExpiredHolds: boolean;
  /** With an Idempotency-Key: the key's claim and the response stored with it. */
  idempotency?: { claim: KeyClaim; response: { status: number; body: unknown } } | undefined;
  now: Date;
}

/**
 * Why the statement declined (humantime_decline, SQLSTATE HT001): the Idempotency-Key is
 * already live (KEY_TAKEN), the human's rules changed since the snapshot the booking was
 * judged on, or it was deleted or is another organization's (STALE: not a refusal, the
 * caller judges again on a fresh read), the day is full (SLOT_UNAVAILABLE), a connected
 * calendar is busy then (CALENDAR_BUSY: read since the snapshot the booking was judged on) or the picked
 * quota shard had no allowance for this plan (QUOTA_SLOW: not a refusal, the booking
 * transaction's slow path decides). A taken slot is the exclusion constraint's own 23P01 (or
 * 40P01).
 */
export type Decline = 'KEY_TAKEN' | 'STALE' | 'SLOT_UNAVAILABLE' | 'CALENDAR_BUSY' | 'QUOTA_SLOW';

const DECLINE_SQLSTATE = 'HT001';

/** The decline behind an error of the statement, if it is one. */
export function declineOf(error: unknown): Decline | undefined {
  return sqlState(error) === DECLINE_SQLSTATE ? ((error as Error).message as Decline) : undefined;
}

const ensure = (condition: string, decline: Decline) => `CASE WHEN ${condition} THEN true ELSE humantime_decline('${decline}') END`;

/**
 * Data-modifying CTEs all see one snapshot and run in no promised order, so each step reads
 * the one before it (`FROM` the previous CTE) and runs after it: the key's claim (a live
 * key declines before anything is written, so a replay is never mistaken for a taken slot),
 * the check that the judge's rules are still the human's (STALE before anything is taken,
 * a taken slot included, so a changed rule is never answered as a conflict; a plain read of
 * the human's row at the statement's snapshot, as the transaction path's own read is: it
 * locks nothing, so the lock order below is unchanged), the quota unit on one shard (taken
 * this early so that every booking locks in one order: key, shard, the human's expired
 * holds, time claims, day count, and the human's row, which the time claim's trigger updates
 * at the end of the statement; the slow path locks the shards before any human too, see
 * lockQuota; a shard without allowance declines QUOTA_SLOW at once, not a refusal: the
 * booking transaction then refuses in the documented order), the human's expired holds and their
 * claims (deleted before the new claim is inserted: the exclusion check ignores rows this
 * transaction deleted), the booking, its claim (23P01 when taken), the day's count (declines
 * when full), the event and its deliveries. A plain SELECT CTE runs only when read, so each
 * check is read by the next step or by the final SELECT; the data-modifying ones always run.
 */
function build(s: BookingStatement): { text: string; values: unknown[] } {
  const p = new Params();
  const key = s.idempotency
    ? `key_claim AS (${idempotencyKeyClaim(p, s.idempotency.claim, s.idempotency.response)} RETURNING 1),
     key_ok AS (SELECT ${ensure('EXISTS (SELECT FROM key_claim)', 'KEY_TAKEN')} AS ok),`
    : `key_ok AS (SELECT true AS ok),`;
  const text = `WITH ${key}
     rules_ok AS (SELECT ${ensure(rulesStill(p, s), 'STALE')} AS ok FROM key_ok),
     quota AS (${shardUnitUpdate(p, s.quota, 'rules_ok')} RETURNING 1),
     units AS (SELECT ${ensure('count(*) = 1', 'QUOTA_SLOW')} AS ok FROM quota),
     ${
       s.clearExpiredHolds
         ? `${expiredHoldsDeleteCtes(p, { organizationId: s.booking.organizationId, humanIds: [s.booking.humanId], now: s.now, after: 'units' })},
     cleared AS (SELECT count(*) AS holds FROM expired_claims),`
         : `cleared AS (SELECT 0 AS holds FROM units),`
     }
     booking AS (${bookingInsert(p, s.booking, 'key_ok, units, cleared')} RETURNING id),
     claim AS (${timeClaimInsert(p, { organizationId: s.booking.organizationId, humanId: s.booking.humanId, bookingId: s.booking.id, range: s.claim }, 'booking')} RETURNING 1),
     free_ok AS (SELECT ${ensure(`NOT EXISTS (${calendarBusyOverlapping(p, s)})`, 'CALENDAR_BUSY')} AS ok FROM claim),
     day AS (${dayCountUpsert(p, s.dayCount, 'free_ok')} RETURNING 1),
     day_ok AS (SELECT ${ensure('EXISTS (SELECT FROM day)', 'SLOT_UNAVAILABLE')} AS ok),
     ${eventWithDeliveriesCtes(p, s.event, 'day_ok')},
     queued AS (SELECT count(*)::int AS deliveries FROM fanout)
     SELECT queued.deliveries FROM queued`;
  return { text, values: p.values };
}

/** Busy time of the human's own calendars that, buffered as a booking is, meets the booking's buffered range. */
const calendarBusyOverlapping = (p: Params, s: BookingStatement) => `SELECT FROM calendar_busy b
       WHERE b.organization_id = ${p.ref(s.booking.organizationId, 'uuid')} AND b.human_id = ${p.ref(s.booking.humanId, 'uuid')}
         AND tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(${p.ref(new Date(s.calendarReach.start).toISOString(), 'timestamptz')}, ${p.ref(new Date(s.calendarReach.end).toISOString(), 'timestamptz')}, '[)')`;

/** The human is the booking's organization's, not deleted, and at the judged rules_version. */
const rulesStill = (p: Params, s: BookingStatement) => `EXISTS (SELECT FROM humans h
       WHERE h.id = ${p.ref(s.booking.humanId, 'uuid')} AND h.organization_id = ${p.ref(s.booking.organizationId, 'uuid')}
         AND h.deleted_at IS NULL AND h.rules_version = ${p.ref(s.rulesVersion, 'bigint')})`;

/**
 * Runs the statement on `sql` in autocommit: one round trip, and all of it or nothing (a
 * single statement is its own transaction). Answers how many deliveries it queued; throws
 * a decline (see declineOf) or the exclusion constraint's 23P01/40P01 otherwise. Named, so
 * the pg driver parses and plans it once per connection.
 */
export async function runBookingStatement(sql: Sql, s: BookingStatement): Promise<number> {
  const { text, values } = build(s);
  const name = `humantime_book_one${s.idempotency ? '_keyed' : ''}${s.clearExpiredHolds ? '' : '_holdless'}`;
  const [row] = await sql<{ deliveries: number }>(text, values, name);
  return row!.deliveries;
}
