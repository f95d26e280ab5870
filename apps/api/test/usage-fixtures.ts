import type { Sql } from '../src/db/sql.js';

/**
 * Sets an organization's used for a month (period_start "YYYY-MM-DD", or the current UTC
 * month): the month's shards go, and usage_periods.used holds the count, as for a month
 * from before the shards; the next booking's slow path folds it into the shards.
 */
export async function setMonthUsed(sql: Sql, organizationId: string, used: number, periodStart?: string): Promise<void> {
  const month = periodStart ? '$3::date' : `date_trunc('month', now() AT TIME ZONE 'UTC')::date`;
  await sql(
    `WITH gone AS (DELETE FROM quota_shards WHERE organization_id = $1::uuid AND period_start = ${month})
     INSERT INTO usage_periods (organization_id, period_start, used) VALUES ($1::uuid, ${month}, $2::int)
     ON CONFLICT (organization_id, period_start) DO UPDATE SET used = EXCLUDED.used`,
    periodStart ? [organizationId, used, periodStart] : [organizationId, used],
  );
}
