import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectIdPage } from '../../db/tables/list-pages.js';
import { keysetOf, newestFirst, toPage } from '../../lib/cursor.js';
import { findHuman } from '../humans/find-human.js';
import { overrideView } from './override-view.js';

export async function listOverrides(
  { store: { db, sql } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  query: ListQuery,
) {
  await findHuman(db, organizationId, humanId);
  const ids = await selectIdPage(sql, 'overrides', { organizationId, humanId }, keysetOf(query, 'overrides'));
  const rows = await db.override.findMany({ where: { organizationId, id: { in: ids } }, orderBy: newestFirst });
  return toPage(rows, query.limit, overrideView, 'overrides');
}
