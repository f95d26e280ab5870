// Hand-written statements on `usage_periods` (one quota counter per organization and UTC
// month) and `overage_purchases`, used inside the booking transaction.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface PeriodKey {
  organizationId: string;
  /** "YYYY-MM-DD", the first day of the UTC month. */
  periodStart: string;
}

/** One booking's quota unit: the month's counter and the limit it is taken under. */
export interface QuotaUnit {
  key: PeriodKey;
  /** The plan's monthly quota. */
  quota: number;
  /** Bookings per overage pack: the limit is quota + packs × packSize. */
  packSize: number;
}

/**
 * The upsert that takes one unit while under the limit, as a fragment of a statement (with
 * `from`, selected from that CTE's row): the month's first booking creates the row, later
 * ones increment it conditionally. Either way the row stays locked until commit. It answers
 * no row when the limit is reached.
 */
export function quotaUnitUpsert(p: Params, u: QuotaUnit, from?: string): string {
  return `INSERT INTO usage_periods (organization_id, period_start, used)
     SELECT ${p.ref(u.key.organizationId, 'uuid')}, ${p.ref(u.key.periodStart, 'date')}, 1${from ? ` FROM ${from}` : ''}
     ON CONFLICT (organization_id, period_start) DO UPDATE SET used = usage_periods.used + 1
      WHERE usage_periods.used < ${p.ref(u.quota, 'int')} + usage_periods.overage_packs * ${p.ref(u.packSize, 'int')}`;
}

/** Takes one unit while under the limit (see quotaUnitUpsert). False when the limit is reached. */
export async function takeQuotaUnit(query: Sql, u: QuotaUnit): Promise<boolean> {
  const p = new Params();
  const taken = await query(`${quotaUnitUpsert(p, u)} RETURNING used`, p.values);
  return taken.length === 1;
}

/** Locks the counter row and reads it (undefined before the month's first booking). */
export async function lockUsagePeriod(query: Sql, key: PeriodKey) {
  const [row] = await query<{ used: number; overage_packs: number }>(
    `SELECT used, overage_packs FROM usage_periods
      WHERE organization_id = $1::uuid AND period_start = $2::date FOR UPDATE`,
    [key.organizationId, key.periodStart],
  );
  return row;
}

/** One more booking used, and optionally one more pack bought, on a row already locked. */
export async function addUsage(query: Sql, key: PeriodKey, packs: 0 | 1): Promise<void> {
  await query(
    `UPDATE usage_periods SET used = used + 1, overage_packs = overage_packs + $3::int
      WHERE organization_id = $1::uuid AND period_start = $2::date`,
    [key.organizationId, key.periodStart, packs],
  );
}

export async function insertOveragePurchase(
  query: Sql,
  p: PeriodKey & { packSize: number; amountCents: number; currency: string; chargeRef: string; at: Date },
): Promise<void> {
  await query(
    `INSERT INTO overage_purchases (organization_id, period_start, pack_size, amount_cents, currency, charge_ref, created_at)
     VALUES ($1::uuid, $2::date, $3, $4, $5, $6, $7::timestamptz)`,
    [p.organizationId, p.periodStart, p.packSize, p.amountCents, p.currency, p.chargeRef, p.at.toISOString()],
  );
}
