import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { findHuman } from '../humans/find-human.js';
import { overrideView } from './override-view.js';

export async function listOverrides(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  query: ListQuery,
) {
  await findHuman(db, organizationId, humanId);
  const rows = await db.override.findMany({
    where: { organizationId, humanId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, overrideView);
}
