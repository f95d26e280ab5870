import type { ServiceDeps } from '../deps.js';
import { notFound } from '../../lib/app-error.js';

/**
 * DELETE /v1/webhooks/{id}. The foreign keys cascade to its deliveries, so pending retries
 * stop at once; an attempt already in flight records nothing, as its guarded update then
 * matches no row.
 */
export async function deleteWebhook(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  webhookId: string,
): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id: webhookId, organizationId } });
  if (count === 0) throw notFound('Webhook');
}
