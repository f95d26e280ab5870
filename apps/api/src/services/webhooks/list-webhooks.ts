import type { ListQuery } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { selectIdPage } from '../../db/tables/list-pages.js';
import { keysetOf, newestFirst, toPage } from '../../lib/cursor.js';
import { webhookView } from './webhook-view.js';

/** GET /v1/webhooks: newest first, without secrets. */
export async function listWebhooks({ store: { db, sql } }: Pick<ServiceDeps, 'store'>, organizationId: string, query: ListQuery) {
  const ids = await selectIdPage(sql, 'webhooks', { organizationId }, keysetOf(query, 'webhooks'));
  const rows = await db.webhook.findMany({ where: { organizationId, id: { in: ids } }, orderBy: newestFirst });
  return toPage(rows, query.limit, webhookView, 'webhooks');
}
