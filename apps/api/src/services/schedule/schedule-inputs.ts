import { localDateOf, type Interval, type OverrideRule, type WeeklySchedule } from '@humantime/slot-engine';
import type { Db } from '../../db/open-store.js';
import type { Human, Override } from '../../generated/prisma/client.js';
import { fromLocalDate, toLocalDate } from '../../lib/timestamps.js';

/** Prisma's client or the transaction client handed to $transaction callbacks. */
export type DbClient = Pick<Db, 'booking' | 'override'>;

/** The longest meeting a schedule allows (PRODUCT: 480 minutes); bounds the busy scan. */
const MAX_DURATION_MS = 480 * 60_000;

export function weeklySchedule(human: Human): WeeklySchedule {
  return { workingDays: human.workingDays, workStart: human.workStart, workEnd: human.workEnd };
}

export function overrideRule(row: Override): OverrideRule {
  return {
    kind: row.kind,
    startDate: toLocalDate(row.startDate),
    endDate: toLocalDate(row.endDate),
    startTime: row.startTime,
    endTime: row.endTime,
    weekdays: row.weekdays.length > 0 ? row.weekdays : null,
  };
}

/** Overrides touching local dates [dateFrom, dateTo], through the (human_id, start_date, end_date) index. */
export async function overridesBetween(db: DbClient, humanId: string, dateFrom: string, dateTo: string) {
  const rows = await db.override.findMany({
    where: { humanId, startDate: { lte: fromLocalDate(dateTo) }, endDate: { gte: fromLocalDate(dateFrom) } },
  });
  return rows.map(overrideRule);
}

/**
 * Confirmed bookings overlapping [range.start, range.end). The lower bound on starts_at keeps
 * the scan on the (human_id, starts_at) index: no booking is longer than MAX_DURATION_MS.
 */
export async function busyBetween(db: DbClient, humanId: string, range: Interval): Promise<Interval[]> {
  const rows = await db.booking.findMany({
    where: {
      humanId,
      status: 'confirmed',
      startsAt: { gte: new Date(range.start - MAX_DURATION_MS), lt: new Date(range.end) },
      endsAt: { gt: new Date(range.start) },
    },
    select: { startsAt: true, endsAt: true },
  });
  return rows.map((r) => ({ start: r.startsAt.getTime(), end: r.endsAt.getTime() }));
}

/** Everything the slot engine needs to judge one proposed booking of `human`. */
export async function inputsForBooking(db: DbClient, human: Human, start: number, durationMinutes: number) {
  const date = localDateOf(human.timezone, start);
  const [overrides, busy] = await Promise.all([
    overridesBetween(db, human.id, date, date),
    busyBetween(db, human.id, { start, end: start + durationMinutes * 60_000 }),
  ]);
  return { overrides, busy };
}
