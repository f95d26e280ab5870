import type { ListQuery, WebhookDelivery, WebhookEventType } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { notFound } from '../../lib/app-error.js';
import { selectIdPage } from '../../db/tables/list-pages.js';
import { keysetOf, newestFirst, toPage } from '../../lib/cursor.js';
import { toTimestamp } from '../../lib/timestamps.js';

export const deliveryInclude = {
  event: { select: { type: true, bookingId: true } },
  attempts: { orderBy: { attempt: 'asc' } },
} satisfies Prisma.DeliveryInclude;

type DeliveryRow = Prisma.DeliveryGetPayload<{ include: typeof deliveryInclude }>;

export function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event: row.event.type as WebhookEventType,
    booking_id: row.event.bookingId,
    status: row.status,
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: toTimestamp(a.attemptedAt),
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
    })),
    // Only a pending delivery has a next attempt, whatever the column still holds.
    next_attempt_at: row.status === 'pending' && row.nextAttemptAt ? toTimestamp(row.nextAttemptAt) : null,
    created_at: toTimestamp(row.createdAt),
  };
}

/** GET /v1/webhooks/{id}/deliveries: newest first, each with its attempts in order. */
export async function listDeliveries(
  { store: { db, sql } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  webhookId: string,
  query: ListQuery,
) {
  const webhook = await db.webhook.findFirst({ where: { id: webhookId, organizationId }, select: { id: true } });
  if (!webhook) throw notFound('Webhook');
  const ids = await selectIdPage(sql, 'deliveries', { column: 'webhook_id', value: webhookId }, keysetOf(query));
  const rows = await db.delivery.findMany({ where: { id: { in: ids } }, orderBy: newestFirst, include: deliveryInclude });
  return toPage(rows, query.limit, deliveryView);
}
