// The month's keys and `overage_purchases`. The month's counter itself is sharded: its
// statements, usage_periods' included, are in quota-shards.ts.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface PeriodKey {
  organizationId: string;
  /** "YYYY-MM-DD", the first day of the UTC month. */
  periodStart: string;
}

/** One booking's quota unit: the month and the limit it is taken under. */
export interface QuotaUnit {
  key: PeriodKey;
  /** The plan's monthly quota. */
  quota: number;
  /** Bookings per overage pack: the limit is quota + packs × packSize. */
  packSize: number;
}

export async function insertOveragePurchase(
  query: Sql,
  purchase: PeriodKey & { packSize: number; amountCents: number; currency: string; chargeRef: string; at: Date },
): Promise<void> {
  const p = new Params();
  await query(
    `INSERT INTO overage_purchases (organization_id, period_start, pack_size, amount_cents, currency, charge_ref, created_at)
     VALUES (${p.ref(purchase.organizationId, 'uuid')}, ${p.ref(purchase.periodStart, 'date')}, ${p.ref(purchase.packSize)},
             ${p.ref(purchase.amountCents)}, ${p.ref(purchase.currency)}, ${p.ref(purchase.chargeRef)},
             ${p.ref(purchase.at.toISOString(), 'timestamptz')})`,
    p.values,
  );
}
