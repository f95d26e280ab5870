import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectHumanPage } from '../../db/tables/list-pages.js';
import { keysetOf, toPage } from '../../lib/cursor.js';
import { humanView } from './human-view.js';

/** `search` (the dashboard's) matches name, email or role, case-insensitive substring. */
export async function listHumans(
  { store: { sql } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  query: ListQuery & { search?: string | undefined },
) {
  const rows = await selectHumanPage(sql, { organizationId, search: query.search }, keysetOf(query, 'humans'));
  return toPage(rows, query.limit, humanView, 'humans');
}
