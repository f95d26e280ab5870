import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectIdPage } from '../../db/tables/list-pages.js';
import { keysetOf, newestFirst, toPage } from '../../lib/cursor.js';
import { humanView } from './human-view.js';

/** `search` (the dashboard's) matches name, email or role, case-insensitive substring. */
export async function listHumans(
  { store: { db, sql } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  query: ListQuery & { search?: string | undefined },
) {
  const ids = await selectIdPage(sql, 'humans', { organizationId, search: query.search }, keysetOf(query, 'humans'));
  const rows = await db.human.findMany({ where: { organizationId, id: { in: ids } }, orderBy: newestFirst });
  return toPage(rows, query.limit, humanView, 'humans');
}
