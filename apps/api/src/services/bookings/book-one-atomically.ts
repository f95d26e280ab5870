import { declineOf, runBookingStatement } from '../../db/booking-statement.js';
import { isBookingConflict } from '../../db/prisma-errors.js';
import { newBookingRow } from '../../db/tables/bookings.js';
import { notFound, type AppError } from '../../lib/app-error.js';
import { shardUnitOf } from '../billing/consume-quota.js';
import type { ServiceDeps } from '../deps.js';
import { eventOf } from '../events/record-event.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';
import { bookingView } from './booking-view.js';
import { bookingWriteOf, type BookingRequest } from './claim-time.js';
import { claimOf, saveRefusal, type IdempotencyScope, type StoredResponse } from './idempotency.js';
import { judgeStart } from './judge-start.js';
import { calendarBusyThen, slotUnavailable } from './refusal.js';

/** What bookOneAtomically did, or whom it leaves the booking to. */
export type AtomicBooking =
  /** Booked and committed: the 201 (also stored for the Idempotency-Key, if any). */
  | { kind: 'booked'; response: StoredResponse }
  /** Refused, nothing written; a refusal with an Idempotency-Key is stored for a retry. */
  | { kind: 'refused'; refusal: AppError }
  /**
   * Judged on a remembered snapshot that it may not answer from: the caller reads a fresh
   * snapshot and calls again.
   */
  | { kind: 'judge_again' }
  /** A case the statement does not do: the booking transaction decides. */
  | { kind: 'in_transaction' }
  /**
   * No quota shard had allowance left: the booking transaction's slow path (which refills the
   * shards, buys a pack or refuses at the limit) decides, unless another booking refilled the
   * month meanwhile (see createBooking).
   */
  | { kind: 'quota_slow' };

const JUDGE_AGAIN = { kind: 'judge_again' } as const satisfies AtomicBooking;
const IN_TRANSACTION = { kind: 'in_transaction' } as const satisfies AtomicBooking;
const QUOTA_SLOW = { kind: 'quota_slow' } as const satisfies AtomicBooking;

/** The snapshot a booking is judged on, with what the statement checks of it. */
export interface JudgedSchedule {
  snapshot: ScheduleSnapshot;
  /** The human's rules_version the snapshot was read at. */
  rulesVersion: string;
  /**
   * Kept from an earlier request (CachedSchedules.remembered), not read for this one: its busy
   * time and day counts may be out of date, and its organization is not checked yet.
   */
  remembered: boolean;
  /**
   * Whether the snapshot had any hold's claim in its window (TimedSnapshot.hasHolds). A
   * remembered snapshot without one books without deleting expired holds first: nearly every
   * booking meets no hold at all, and those CTEs were a measurable share of the database's
   * work per booking (docs/decisions/0015-atomic-booking-statement.md). A hold created since may have expired on the booking's time and still hold its
   * claim, so a taken slot is then judged again on a fresh read, which deletes expired holds.
   */
  hasHolds: boolean;
}

/**
 * One booking of one human in one statement, in autocommit (see
 * docs/decisions/0015-atomic-booking-statement.md): the start is judged in JS on `human`, the snapshot the caller
 * read however it likes (undefined: no such human), then the booking, its claim, day count,
 * event, deliveries, quota unit and (with a key) the key's claim and stored 201 are written
 * by src/db/booking-statement.ts, every condition checked by the database, the snapshot's
 * rules_version included.
 *
 * Answers judge_again, for a remembered snapshot only, when it cannot answer from it: the JS
 * judge refused (a booking cancelled since may have freed the time, or the rules changed), or
 * the statement declined STALE (the rules changed, the human was deleted or is not this
 * organization's). What the judge accepts on old busy time is safe: the database refuses a
 * taken slot or a full day itself.
 *
 * Answers in_transaction for what the statement does not do, for the caller to run the
 * booking transaction instead: a live Idempotency-Key (a replay) and a refusal in JS with a
 * key (it may be a replay's); and quota_slow when no quota shard had allowance left. Only an
 * error that is not an answer (the database failing) is thrown.
 */
export async function bookOneAtomically(
  deps: Pick<ServiceDeps, 'store' | 'onEventsCommitted'>,
  org: AuthedOrganization,
  {
    request,
    human,
    now,
    scope,
  }: { request: BookingRequest; human: JudgedSchedule | undefined; now: Date; scope: IdempotencyScope | undefined },
): Promise<AtomicBooking> {
  const { sql } = deps.store;
  const early = human ? judgeStart(human.snapshot, request.start, request.durationMinutes, now) : notFound('Human');
  if (early) {
    if (human?.remembered) return JUDGE_AGAIN;
    if (scope) return IN_TRANSACTION;
    return { kind: 'refused', refusal: early };
  }
  const write = bookingWriteOf(human!.snapshot, request, now);
  const booking = bookingView(newBookingRow(write.row));
  const response: StoredResponse = { status: 201, body: booking };
  const clearExpiredHolds = !human!.remembered || human!.hasHolds;
  try {
    const deliveries = await runBookingStatement(sql, {
      booking: write.row,
      claim: write.claim,
      calendarReach: write.calendarReach,
      dayCount: write.dayCount,
      rulesVersion: human!.rulesVersion,
      event: eventOf({ organizationId: org.id, type: 'booking.confirmed', booking, at: now }),
      quota: shardUnitOf(org, now),
      clearExpiredHolds,
      idempotency: scope && { claim: claimOf(scope), response },
      now,
    });
    // Committed: the deliveries are visible to a worker.
    if (deliveries > 0) deps.onEventsCommitted?.();
    return { kind: 'booked', response };
  } catch (error) {
    // A fresh snapshot found stale already: the rules are changing under this booking, so
    // the transaction reads them again and decides.
    if (declineOf(error) === 'STALE') return human!.remembered ? JUDGE_AGAIN : IN_TRANSACTION;
    // Taken, perhaps only by an expired hold's claim that this statement left in place.
    if (!clearExpiredHolds && isBookingConflict(error)) return JUDGE_AGAIN;
    const answer = answerOf(error);
    if (!answer) throw error;
    // The statement wrote nothing, the key's claim included: keep the refusal for a retry.
    if (answer.kind === 'refused' && scope) await saveRefusal(sql, scope, answer.refusal);
    return answer;
  }
}

/** The statement's error as an answer; undefined when it is no answer (the database failed). */
function answerOf(error: unknown): Extract<AtomicBooking, { kind: 'refused' | 'in_transaction' | 'quota_slow' }> | undefined {
  // 23P01 from either exclusion constraint (or 40P01 when two inserts waited on each other).
  if (isBookingConflict(error)) return { kind: 'refused', refusal: slotUnavailable() };
  switch (declineOf(error)) {
    case 'SLOT_UNAVAILABLE':
      return { kind: 'refused', refusal: slotUnavailable() };
    case 'CALENDAR_BUSY':
      return { kind: 'refused', refusal: calendarBusyThen() };
    case 'QUOTA_SLOW':
      return QUOTA_SLOW;
    case 'KEY_TAKEN':
    case 'STALE':
      return IN_TRANSACTION;
    case undefined:
      return undefined;
  }
}
