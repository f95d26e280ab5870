import type { WebhookDelivery } from '@humantime/contract';
import { selectDeliveryRecords } from '../../db/tables/deliveries.js';
import { requeueFinishedDelivery } from '../../db/tables/events.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { deliveryView } from './list-deliveries.js';

/**
 * POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry: puts a delivered or failed
 * delivery back in the outbox, due now, so a worker makes one more attempt with the same
 * body and a fresh signature. The queue is the deliveries table itself (durable, shared by
 * every worker process); the attempt number simply continues (2 after a delivery on the
 * first, 4 after three failures, ...), and nextState fails a manual attempt without
 * scheduling automatic ones after it.
 */
export async function retryDelivery(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'onEventsCommitted'>,
  organizationId: string,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { store } = deps;
  const queued = await requeueFinishedDelivery(store.sql, { organizationId, webhookId, deliveryId, now: deps.clock() });
  const [row] = (await selectDeliveryRecords(store.sql, { organizationId, webhookId }, { deliveryId })) ?? [];
  if (!row) throw notFound('Delivery');
  if (!queued) {
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
