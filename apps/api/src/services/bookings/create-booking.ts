import type { CreateBookingBody } from '@humantime/contract';
import type { Sql } from '../../db/sql.js';
import { lockQuota, refilledMeanwhile } from '../billing/consume-quota.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import type { BookingDates, Schedules, SchedulesRequest } from '../schedule/cached-schedules.js';
import { candidateDates, schedulesReader, type TimedSnapshot } from '../schedule/load-schedule.js';
import { bookGroup } from './book-group.js';
import { bookOneAtomically, IN_TRANSACTION, JUDGE_AGAIN, QUOTA_SLOW } from './book-one-atomically.js';
import { attendeeOf, bookOne } from './book-one.js';
import type { BookingRequest } from './claim-time.js';
import { scopeOf, type StoredResponse } from './idempotency.js';
import { runIdempotent } from './run-idempotent.js';

type BookingDeps = Pick<ServiceDeps, 'store' | 'clock' | 'paymentProcessor' | 'onEventsCommitted'>;

/**
 * Thrown inside the booking transaction (so it rolls back, holding nothing) by a booking that
 * came there from QUOTA_SLOW and found, once it held the month's lock, that another booking had
 * refilled the shards meanwhile: it goes back to the atomic statement.
 */
class RefilledMeanwhile extends Error {}

async function book(query: Sql, deps: BookingDeps, org: AuthedOrganization, body: CreateBookingBody, now: Date, backIfRefilled: boolean) {
  // The contract allows exactly one of human_id and human_ids (with mode).
  if (body.human_ids && body.mode) return bookGroup(query, deps, org, { ...body, human_ids: body.human_ids, mode: body.mode }, now);
  const quota = await lockQuota(query, org, now);
  if (backIfRefilled && refilledMeanwhile(org, now, quota)) throw new RefilledMeanwhile();
  return bookOne(query, deps, org, requestOf(org, body), now, quota);
}

const requestOf = (org: AuthedOrganization, body: CreateBookingBody): BookingRequest => ({
  organizationId: org.id,
  humanId: body.human_id!,
  start: Date.parse(body.starts_at),
  durationMinutes: body.duration,
  ...attendeeOf(body),
});

/** Where a booking's snapshot comes from. */
export interface BookingSchedules {
  /** A read checked against the database: the route's is cache-aware (a version check on PostgreSQL). */
  read(request: SchedulesRequest): Promise<Schedules>;
  /** The snapshot this process kept from an earlier read, unchecked (CachedSchedules.remembered). */
  remembered?(humanId: string, dates: BookingDates): TimedSnapshot | undefined;
}

/**
 * POST /v1/bookings. One human: one atomic statement (see bookOneAtomically), judged on the
 * snapshot this process remembers of the human when it has one (no round trip: the statement
 * checks that the human's rules_version is still the snapshot's, and the database enforces
 * busy time itself), else on one read first. So in the steady state a booking is two round
 * trips on PostgreSQL (the key's statement, this one) and one on the embedded store. The
 * remembered snapshot never refuses by itself: a refusal, or a STALE decline, reads the
 * snapshot fresh and judges once more (a second STALE goes to the transaction), so the answer
 * is always the one a fresh read gives (listed ⇔ bookable). Several humans, and
 * the cases the statement leaves over (a replay, a refill or a pack to buy, rules changing
 * under the booking): the booking transaction, where the bookings, their quota units, events and
 * deliveries and (with an Idempotency-Key) the replayable response commit together.
 */
export async function createBooking(
  deps: BookingDeps,
  org: AuthedOrganization,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
  schedules: BookingSchedules = { read: schedulesReader(deps.store.sql, org.id) },
): Promise<StoredResponse> {
  const now = deps.clock();
  const inTransaction = (backIfRefilled: boolean) =>
    runIdempotent(deps, org.id, idempotencyKey, body, now, async (query) => {
      const { booking, deliveries } = await book(query, deps, org, body, now, backIfRefilled);
      return { response: { status: 201, body: booking }, deliveries };
    });
  if (!body.human_id) return inTransaction(false);
  const request = requestOf(org, body);
  const dates = candidateDates(request.start);
  const scope = scopeOf(org.id, idempotencyKey, body, now);
  const attempt = (human: TimedSnapshot | undefined, remembered: boolean) => {
    const judged = human && { snapshot: human.at(now), rulesVersion: human.rulesVersion, remembered, hasHolds: human.hasHolds };
    return bookOneAtomically(deps.store.sql, deps, org, request, judged, now, scope);
  };
  const atomically = async () => {
    const kept = schedules.remembered?.(request.humanId, dates);
    const answer = kept ? await attempt(kept, true) : JUDGE_AGAIN;
    if (answer !== JUDGE_AGAIN) return answer;
    const fresh = await schedules.read({ humanIds: [request.humanId], ...dates });
    // A fresh snapshot is never judged again: JUDGE_AGAIN comes only from a remembered one.
    return attempt(fresh.get(request.humanId), false);
  };
  let answer = await atomically();
  if (answer === QUOTA_SLOW) {
    // Bookings that race past the last allowance all come here at once; one refills (or buys the
    // pack) and the others, finding allowance once they hold the month's lock, go back to the
    // statement instead of each holding every shard for a whole transaction. Once only: a
    // second QUOTA_SLOW stays in the transaction, so the booking always ends.
    try {
      return await inTransaction(true);
    } catch (error) {
      if (!(error instanceof RefilledMeanwhile)) throw error;
    }
    answer = await atomically();
  }
  if (answer !== IN_TRANSACTION && answer !== JUDGE_AGAIN && answer !== QUOTA_SLOW) return answer;
  return inTransaction(false);
}
