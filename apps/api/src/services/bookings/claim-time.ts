import { bufferedRange, localDateOf } from '@humantime/slot-engine';
import { isBookingConflict } from '../../db/prisma-errors.js';
import type { Sql } from '../../db/sql.js';
import { countBookingOnDay, uncountBooking, type DayCount } from '../../db/tables/booking-day-counts.js';
import { insertBooking, type BookingRow, type NewBooking } from '../../db/tables/bookings.js';
import { deleteExpiredHolds } from '../../db/tables/holds.js';
import { deleteTimeClaim, insertTimeClaim } from '../../db/tables/time-claims.js';
import { notFound } from '../../lib/app-error.js';
import { candidateDates, loadSchedule, type ScheduleSnapshot } from '../schedule/load-schedule.js';
import { judgeStart } from './judge-start.js';
import { slotUnavailable } from './refusal.js';
import { newId } from '../../lib/ids.js';

export interface BookingRequest {
  organizationId: string;
  humanId: string;
  /** Epoch ms. */
  start: number;
  durationMinutes: number;
  attendeeName: string;
  attendeeEmail: string | null;
  metadata: Record<string, unknown>;
  /** Set by a reschedule: the booking this one replaces, and the calendar identity it keeps. */
  rescheduledFrom?: { id: string; icalUid: string; icalSequence: number };
  /** Set by a mode=all booking of several humans: shared by its bookings. */
  groupId?: string;
}

/**
 * Checks and writes one confirmed booking inside the caller's transaction: the slot engine's
 * verdict on the same data GET /slots reads, then the booking, its time claim (buffered
 * range, kept apart from every other claim by an exclusion constraint) and its local day's
 * count (a conditional increment, so the daily maximum holds under any race). Of racing
 * requests that all passed the check, the database lets through only what the rules allow;
 * the others fail here with SLOT_UNAVAILABLE and roll back.
 */
export async function claimTime(query: Sql, b: BookingRequest, now: Date): Promise<BookingRow> {
  // Expired holds go first, so the exclusion constraint below meets only live ones.
  await deleteExpiredHolds(query, b.organizationId, [b.humanId], now);
  const { dateFrom, dateTo } = candidateDates(b.start);
  const human = await loadSchedule(query, b.organizationId, { humanId: b.humanId, dateFrom, dateTo }, now);
  if (!human) throw notFound('Human');
  return claimTimeOn(query, human, b, now);
}

/** What a booking the rules allowed writes: its row, its claim (buffered range) and its day's count. */
export interface BookingWrite {
  row: NewBooking;
  claim: { start: number; end: number };
  /**
   * What busy time of the human's calendars must not overlap, raw as stored: the claim widened
   * by the buffers once more, since calendar busy time is buffered as a booking is.
   */
  calendarReach: { start: number; end: number };
  dayCount: DayCount;
}

/** The rows of a new booking of `b` on the human's snapshot, made at `now`, with a fresh id. */
export function bookingWriteOf(human: ScheduleSnapshot, b: BookingRequest, now: Date): BookingWrite {
  const end = b.start + b.durationMinutes * 60_000;
  const claim = bufferedRange({ start: b.start, end }, human.rules);
  const localDate = localDateOf(human.timezone, b.start);
  const id = newId();
  return {
    row: {
      id,
      organizationId: b.organizationId,
      humanId: b.humanId,
      startsAt: new Date(b.start),
      endsAt: new Date(end),
      durationMinutes: b.durationMinutes,
      attendeeName: b.attendeeName,
      attendeeEmail: b.attendeeEmail,
      metadata: b.metadata,
      createdAt: now,
      localDate,
      rescheduledFrom: b.rescheduledFrom?.id ?? null,
      // A calendar UID outlives the booking id: a moved booking keeps its event's. The old
      // booking's cancellation takes sequence + 1, so the moved event wins in any calendar
      // that sees both, in either order.
      icalUid: b.rescheduledFrom?.icalUid ?? `${id}@humantime`,
      icalSequence: b.rescheduledFrom ? b.rescheduledFrom.icalSequence + 2 : 0,
      groupId: b.groupId ?? null,
    },
    claim,
    calendarReach: {
      start: claim.start - (human.rules.bufferAfter ?? 0) * 60_000,
      end: claim.end + (human.rules.bufferBefore ?? 0) * 60_000,
    },
    dayCount: { organizationId: b.organizationId, humanId: b.humanId, localDate, max: human.rules.maxBookingsPerDay ?? null },
  };
}

/**
 * claimTime on a snapshot the caller has just read in this transaction (after deleting the
 * human's expired holds), for callers that read several humans at once.
 */
export async function claimTimeOn(query: Sql, human: ScheduleSnapshot, b: BookingRequest, now: Date): Promise<BookingRow> {
  // The same data and the same function decide what GET /slots lists (and what GET /check
  // answers), so a listed start books and an unlisted one is refused, in the documented order.
  const refusal = judgeStart(human, b.start, b.durationMinutes, now);
  if (refusal) throw refusal;

  const write = bookingWriteOf(human, b, now);
  try {
    const row = await insertBooking(query, write.row);
    await insertTimeClaim(query, { organizationId: b.organizationId, humanId: b.humanId, bookingId: write.row.id, range: write.claim });
    if (!(await countBookingOnDay(query, write.dayCount))) throw slotUnavailable();
    return row;
  } catch (error) {
    // 23P01 from either exclusion constraint (or 40P01 when two inserts waited on each other).
    if (isBookingConflict(error)) throw slotUnavailable();
    throw error;
  }
}

/**
 * Gives back what a confirmed booking held, in the transaction that moves it: its time claim
 * and its place in its local day's count (a cancel does the same in its statement,
 * db/cancel-statement.ts).
 */
export async function releaseTime(query: Sql, organizationId: string, bookingId: string): Promise<void> {
  await deleteTimeClaim(query, organizationId, bookingId);
  await uncountBooking(query, organizationId, bookingId);
}
