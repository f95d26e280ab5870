import type { ListQuery } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { humanView } from './human-view.js';

export async function listHumans(db: Db, organizationId: string, query: ListQuery) {
  const rows = await db.human.findMany({
    where: { organizationId, deletedAt: null, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, humanView);
}
