import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { humanView } from './human-view.js';

/** `search` (the dashboard's) matches name, email or role, case-insensitive substring. */
export async function listHumans(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  query: ListQuery & { search?: string | undefined },
) {
  const contains = { contains: query.search ?? '', mode: 'insensitive' as const };
  const rows = await db.human.findMany({
    where: {
      organizationId,
      deletedAt: null,
      ...(query.search ? { AND: [{ OR: [{ name: contains }, { email: contains }, { role: contains }] }] } : {}),
      ...afterCursor(query.cursor),
    },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, humanView);
}
