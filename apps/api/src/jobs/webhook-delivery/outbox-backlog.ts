import type { Sql } from '../../db/sql.js';

export interface OutboxBacklog {
  /** Deliveries due now and not yet delivered or failed (in flight included). */
  due: number;
  /** Seconds since the oldest of them became due; 0 when none is. */
  oldestDueAgeSeconds: number;
}

/** One statement over the due-deliveries partial index, for the metrics scrape. */
export async function readOutboxBacklog(sql: Sql): Promise<OutboxBacklog> {
  const [row] = await sql<{ due: number; age: number }>(
    `SELECT count(*)::int AS due,
            COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS age
       FROM deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()`,
  );
  return { due: Number(row?.due ?? 0), oldestDueAgeSeconds: Math.max(0, Number(row?.age ?? 0)) };
}
