import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { afterCursor, newestFirst, toPage } from '../../lib/cursor.js';
import { webhookView } from './webhook-view.js';

/** GET /v1/webhooks: newest first, without secrets. */
export async function listWebhooks({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string, query: ListQuery) {
  const rows = await db.webhook.findMany({
    where: { organizationId, ...afterCursor(query.cursor) },
    orderBy: newestFirst,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, webhookView);
}
