// Hand-written statements on `billing_accounts`: who pays for an organization's packs, and
// auto-purchase's attempt number and pause.
import type { Sql } from '../sql.js';

export interface BillingRow {
  stripe_customer_id: string | null;
  payment_method_id: string | null;
  purchase_attempt: number;
}

export async function readBillingAccount(sql: Sql, organizationId: string): Promise<BillingRow | undefined> {
  const [row] = await sql<BillingRow>(
    `SELECT stripe_customer_id, payment_method_id, purchase_attempt FROM billing_accounts WHERE organization_id = $1::uuid`,
    [organizationId],
  );
  return row;
}

/** A decline or a required authentication: auto-purchase goes off, with why, in one statement. */
export async function pauseAutoPurchase(sql: Sql, organizationId: string, reason: string): Promise<void> {
  await sql(
    `WITH off AS (UPDATE organizations SET auto_purchase = false, updated_at = now() WHERE id = $1::uuid)
     INSERT INTO billing_accounts (organization_id, paused_reason, paused_at) VALUES ($1::uuid, $2, now())
     ON CONFLICT (organization_id) DO UPDATE SET paused_reason = EXCLUDED.paused_reason, paused_at = EXCLUDED.paused_at, updated_at = now()`,
    [organizationId, reason],
  );
}

/** Auto-purchase switched on again: a new attempt (new idempotency keys), and no pause. */
export async function resumeAutoPurchase(sql: Sql, organizationId: string): Promise<void> {
  await sql(
    `INSERT INTO billing_accounts (organization_id, purchase_attempt) VALUES ($1::uuid, 2)
     ON CONFLICT (organization_id) DO UPDATE
       SET purchase_attempt = billing_accounts.purchase_attempt + 1, paused_reason = NULL, paused_at = NULL, updated_at = now()`,
    [organizationId],
  );
}

/** Why auto-purchase was paused (a refused charge), or null. */
export async function pausedReasonOf(sql: Sql, organizationId: string): Promise<string | null> {
  const [row] = await sql<{ paused_reason: string | null }>(`SELECT paused_reason FROM billing_accounts WHERE organization_id = $1::uuid`, [
    organizationId,
  ]);
  return row?.paused_reason ?? null;
}
