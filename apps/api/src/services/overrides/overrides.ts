import type { CreateOverrideBody, ListQuery, Override } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import type { Override as OverrideRow } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/app-error.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { fromLocalDate, toLocalDate, toTimestamp } from '../../lib/timestamps.js';
import { findHuman } from '../humans/find-human.js';

export function overrideView(row: OverrideRow): Override {
  return {
    id: row.id,
    human_id: row.humanId,
    kind: row.kind,
    start_date: toLocalDate(row.startDate),
    end_date: toLocalDate(row.endDate),
    start_time: row.startTime,
    end_time: row.endTime,
    weekdays: row.weekdays.length > 0 ? row.weekdays : null,
    reason: row.reason,
    created_at: toTimestamp(row.createdAt),
  };
}

export async function createOverride(db: Db, organizationId: string, humanId: string, body: CreateOverrideBody) {
  await findHuman(db, organizationId, humanId);
  const row = await db.override.create({
    data: {
      humanId,
      kind: body.kind,
      startDate: fromLocalDate(body.start_date),
      endDate: fromLocalDate(body.end_date ?? body.start_date),
      startTime: body.start_time ?? null,
      endTime: body.end_time ?? null,
      weekdays: body.weekdays ? [...body.weekdays].sort((a, b) => a - b) : [],
      reason: body.reason ?? null,
    },
  });
  return overrideView(row);
}

export async function listOverrides(db: Db, organizationId: string, humanId: string, query: ListQuery) {
  await findHuman(db, organizationId, humanId);
  const rows = await db.override.findMany({
    where: { humanId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, overrideView);
}

/** One DELETE scoped through the human to the organization; a deleted human's overrides are gone too. */
export async function deleteOverride(db: Db, organizationId: string, humanId: string, overrideId: string) {
  await findHuman(db, organizationId, humanId);
  const { count } = await db.override.deleteMany({ where: { id: overrideId, humanId } });
  if (count === 0) throw notFound('Override');
}
