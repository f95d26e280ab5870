import type { ListQuery, Page, WebhookDelivery, WebhookEventType } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { notFound } from '../../lib/app-error.js';
import { selectDeliveriesJson, type DeliveryJsonRow, type DeliveryRecord } from '../../db/tables/deliveries.js';
import { keysetOf, toPageText } from '../../lib/cursor.js';
import { jsonText } from '../../lib/json-text.js';
import { timestampOf, toTimestamp } from '../../lib/timestamps.js';

export function deliveryView(row: DeliveryRecord): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event: row.eventType as WebhookEventType,
    booking_id: row.bookingId,
    status: row.status,
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: timestampOf(a.at),
      status_code: a.status_code,
      error: a.error,
      duration_ms: a.duration_ms,
    })),
    // Only a pending delivery has a next attempt, whatever the column still holds.
    next_attempt_at: row.status === 'pending' && row.nextAttemptAt ? toTimestamp(row.nextAttemptAt) : null,
    created_at: toTimestamp(row.createdAt),
  };
}

/**
 * GET /v1/webhooks/{id}/deliveries: newest first, each with its attempts in order. The
 * database writes each delivery's JSON (deliveryView's, see deliveryRecordsQuery), sent as
 * that text (lib/json-text.ts).
 */
export async function listDeliveries(
  { store: { sql } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  webhookId: string,
  query: ListQuery,
) {
  const rows = await selectDeliveriesJson(sql, { organizationId, webhookId }, { page: keysetOf(query, 'deliveries') });
  if (!rows) throw notFound('Webhook');
  return jsonText<Page<WebhookDelivery>>(toPageText(rows, query.limit, (r: DeliveryJsonRow) => r.json, 'deliveries'));
}
