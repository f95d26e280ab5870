// The delivery log's statement: a webhook's deliveries (each with its event's type and booking,
// copied onto it when it was queued) and their attempts, in one round trip. Read through Prisma
// it was five statements (the webhook, the page's ids, the deliveries, their events, their
// attempts), the slowest list at p99 on a seeded database.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import type { CursorKeyText } from '../../lib/cursor.js';
import { keysetKeyColumns, keysetSelect, type Keyset } from './list-pages.js';

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
 * `form`: 'record', a DeliveryRecord's columns (for deliveryView); 'json', the delivery's
 * answer as JSON (what JSON.stringify makes of deliveryView's, compact, attempts included:
 * `json`) with its cursor's key (`ms`, `id`). Exported for the query-plan test, which runs the
 * same text.
 */
export function deliveryRecordsQuery(
  scope: { organizationId: string; webhookId: string },
  choice: DeliveryChoice,
  form: 'record' | 'json' = 'record',
) {
  const p = new Params();
  const org = p.ref(scope.organizationId, 'uuid');
  const webhook = p.ref(scope.webhookId, 'uuid');
  const columns = 'id, event_type, booking_id, status, next_attempt_at, created_at, answer_head, answer_attempts, answer_tail';
  const where = [`organization_id = ${org}`, `webhook_id = ${webhook}`];
  const chosen =
    'page' in choice
      ? keysetSelect(p, { columns, table: 'deliveries', where, page: choice.page })
      : `SELECT ${columns} FROM deliveries WHERE ${where.join(' AND ')} AND id = ${p.ref(choice.deliveryId, 'uuid')}`;
  const attempts = `FROM delivery_attempts a WHERE a.organization_id = ${org} AND a.delivery_id = d.id`;
  const selected =
    form === 'record'
      ? `w.id::text AS "webhookId", d.id::text AS id, d.status::text AS status, d.next_attempt_at AS "nextAttemptAt",
           d.created_at AS "createdAt", d.event_type AS "eventType", d.booking_id::text AS "bookingId",
           (SELECT coalesce(json_agg(json_build_object(
                     'attempt', a.attempt, 'at', (extract(epoch FROM a.attempted_at) * 1000)::bigint,
                     'status_code', a.status_code, 'error', a.error, 'duration_ms', a.duration_ms) ORDER BY a.attempt), '[]'::json)
              ${attempts}) AS attempts`
      : // Each delivery's JSON as its row keeps it, in three pieces: its head, its attempts' JSON
        // in order (written by a trigger on delivery_attempts, migration
        // 20261210000000_delivery_attempts_answer) and its tail. The page reads no other table.
        `${keysetKeyColumns('d')}, d.answer_head || d.answer_attempts || d.answer_tail AS json`;
  const text = `WITH chosen AS (${chosen})
    SELECT ${selected}
      FROM webhooks w
      LEFT JOIN chosen d ON true
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

/** A delivery's answer as JSON and its cursor's key (deliveryRecordsQuery's 'json' form). */
export interface DeliveryJsonRow extends CursorKeyText {
  json: string;
}

/** The chosen deliveries as JSON, or undefined when the webhook is not the organization's. */
export async function selectDeliveriesJson(
  sql: Sql,
  scope: { organizationId: string; webhookId: string },
  choice: DeliveryChoice,
): Promise<DeliveryJsonRow[] | undefined> {
  const { text, values } = deliveryRecordsQuery(scope, choice, 'json');
  const rows = await sql<{ json: string | null; ms: string | null; id: string | null }>(text, values);
  if (rows.length === 0) return undefined;
  return rows.filter((r): r is DeliveryJsonRow => r.id !== null);
}
