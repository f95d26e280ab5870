// The delivery log's statement: a webhook's deliveries with their event and their attempts,
// in one round trip. Read through Prisma it was five statements (the webhook, the page's ids,
// the deliveries, their events, their attempts), the slowest list at p99 on a seeded database.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import { keysetSelect, type Keyset } from './list-pages.js';

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  eventType: string;
  bookingId: string;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
  createdAt: Date;
  /** In attempt order; `at` in epoch milliseconds (the column keeps milliseconds). */
  attempts: Array<{ attempt: number; at: number; status_code: number | null; error: string | null; duration_ms: number }>;
}

/** Which of the webhook's deliveries: a page of the log (newest first), or one by id. */
export type DeliveryChoice = { page: Keyset } | { deliveryId: string };

/**
 * The webhook `webhookId` of the organization joined to the chosen deliveries: no row when the
 * organization has no such webhook, one row with a null delivery when it has none of them.
 * Exported for the query-plan test, which runs the same text.
 */
export function deliveryRecordsQuery(scope: { organizationId: string; webhookId: string }, choice: DeliveryChoice) {
  const p = new Params();
  const org = p.ref(scope.organizationId, 'uuid');
  const webhook = p.ref(scope.webhookId, 'uuid');
  const columns = 'id, event_id, status, next_attempt_at, created_at';
  const where = [`organization_id = ${org}`, `webhook_id = ${webhook}`];
  const chosen =
    'page' in choice
      ? keysetSelect(p, { columns, from: 'deliveries', where, page: choice.page })
      : `SELECT ${columns} FROM deliveries WHERE ${where.join(' AND ')} AND id = ${p.ref(choice.deliveryId, 'uuid')}`;
  const text = `WITH chosen AS (${chosen})
    SELECT w.id::text AS "webhookId", d.id::text AS id, d.status::text AS status, d.next_attempt_at AS "nextAttemptAt",
           d.created_at AS "createdAt", e.type AS "eventType", e.booking_id::text AS "bookingId",
           (SELECT coalesce(json_agg(json_build_object(
                     'attempt', a.attempt, 'at', (extract(epoch FROM a.attempted_at) * 1000)::bigint,
                     'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms) ORDER BY a.attempt), '[]'::json)
              FROM delivery_attempts a
             WHERE a.organization_id = ${org} AND a.delivery_id = d.id) AS attempts
      FROM webhooks w
      LEFT JOIN (chosen d JOIN events e ON e.organization_id = ${org} AND e.id = d.event_id) ON true
     WHERE w.organization_id = ${org} AND w.id = ${webhook}
     ORDER BY d.created_at DESC, d.id DESC`;
  return { text, values: p.values };
}

/** The chosen deliveries (deliveryRecordsQuery), or undefined when the webhook is not the organization's. */
export async function selectDeliveryRecords(
  sql: Sql,
  ...args: Parameters<typeof deliveryRecordsQuery>
): Promise<DeliveryRecord[] | undefined> {
  const { text, values } = deliveryRecordsQuery(...args);
  const rows = await sql<Omit<DeliveryRecord, 'attempts'> & { id: string | null; attempts: DeliveryRecord['attempts'] | string | null }>(
    text,
    values,
  );
  if (rows.length === 0) return undefined;
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      ...r,
      // pg and PGlite both parse json columns; a driver that did not would hand over the text.
      attempts: typeof r.attempts === 'string' ? (JSON.parse(r.attempts) as DeliveryRecord['attempts']) : (r.attempts ?? []),
    }));
}
