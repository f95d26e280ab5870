import type { WebhookDelivery } from '@humantime/contract';
import type { Db } from '../../db/open-store.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toTimestamp } from '../../lib/timestamps.js';
import { deliveryInclude, deliveryView } from './list-deliveries.js';

/**
 * POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry: puts a delivered or failed
 * delivery back in the outbox, due now, so a worker makes one more attempt with the same
 * body and a fresh signature. The queue is the deliveries table itself (durable, shared by
 * every worker process); the attempt number simply continues (4, 5, ...), and nextState
 * fails a manual attempt without scheduling automatic ones after it.
 *
 * One conditional UPDATE decides, so two racing retries cannot both queue an attempt: the
 * second finds the delivery pending and gets DELIVERY_PENDING.
 */
export async function retryDelivery(
  deps: { db: Db; onEventsCommitted?: () => void },
  organizationId: string,
  webhookId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery> {
  const { db } = deps;
  const queued = await db.$executeRaw`
    UPDATE deliveries d
       SET status = 'pending', next_attempt_at = ${toTimestamp(now)}::timestamptz,
           locked_until = NULL, locked_by = NULL, updated_at = ${now.toISOString()}::timestamptz
      FROM webhooks w
     WHERE d.id = ${deliveryId}::uuid AND d.webhook_id = ${webhookId}::uuid
       AND w.id = d.webhook_id AND w.organization_id = ${organizationId}::uuid
       AND d.status <> 'pending'`;
  const row = await db.delivery.findFirst({
    where: { id: deliveryId, webhookId, webhook: { organizationId } },
    include: deliveryInclude,
  });
  if (!row) throw notFound('Delivery');
  if (queued === 0) {
    throw new AppError(
      'DELIVERY_PENDING',
      'This delivery is still being attempted on its automatic schedule' +
        (row.nextAttemptAt ? ` (next attempt at ${toTimestamp(row.nextAttemptAt)})` : '') +
        '. Retry it once it is delivered or failed.',
    );
  }
  deps.onEventsCommitted?.();
  return deliveryView(row);
}
