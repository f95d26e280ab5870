import type { SqlSession } from '../../db/sql-session.js';
import type { AuthedOrganization } from '../../http/authenticate.js';
import { AppError } from '../../lib/app-error.js';
import { PaymentFailedError, type PaymentProcessor } from './payment-processor.js';
import { billingPeriod, OVERAGE_PACK, PLANS } from './plans.js';

/**
 * Takes one booking from this month's quota, inside the booking transaction (so a refused or
 * rolled-back booking counts nothing). The conditional UPDATE is atomic and locks the
 * organization's counter row until commit, so racing bookings can never exceed the limit.
 * At the limit, with auto-purchase on a paid plan, one pack is bought under that lock:
 * racing bookings at the boundary buy exactly one.
 */
export async function consumeQuota(
  tx: SqlSession,
  processor: PaymentProcessor,
  org: AuthedOrganization,
  now: Date,
): Promise<void> {
  const plan = PLANS[org.plan];
  const { start } = billingPeriod(now);
  const period = start.toISOString().slice(0, 10);
  // One statement: the month's first booking creates the row; later ones take a unit only
  // while under the limit (the conflicting row is locked until commit either way).
  const taken = await tx.query(
    `INSERT INTO usage_periods (organization_id, period_start, used)
     VALUES ($1::uuid, $2::date, 1)
     ON CONFLICT (organization_id, period_start) DO UPDATE SET used = usage_periods.used + 1
      WHERE usage_periods.used < $3::int + usage_periods.overage_packs * $4::int
     RETURNING used`,
    [org.id, period, plan.monthlyQuota, OVERAGE_PACK.bookings],
  );
  if (taken.length === 1) return;

  const limitReached = () =>
    new AppError(
      'LIMIT_REACHED',
      `The monthly booking quota of the ${org.plan} plan is used up` +
        (plan.overage ? ' and auto-purchase of overage is off.' : '; upgrade the plan for more bookings.'),
    );
  if (!plan.overage || !org.autoPurchase) throw limitReached();

  // Lock the counter, then look again: a racing booking may have bought a pack meanwhile.
  const key = [org.id, period];
  const [row] = await tx.query<{ used: number; overage_packs: number }>(
    `SELECT used, overage_packs FROM usage_periods
      WHERE organization_id = $1::uuid AND period_start = $2::date FOR UPDATE`,
    key,
  );
  if (row && row.used < plan.monthlyQuota + row.overage_packs * OVERAGE_PACK.bookings) {
    await tx.query('UPDATE usage_periods SET used = used + 1 WHERE organization_id = $1::uuid AND period_start = $2::date', key);
    return;
  }
  let charge;
  try {
    charge = await processor.charge(tx, {
      organizationId: org.id,
      amountCents: OVERAGE_PACK.amountCents,
      currency: OVERAGE_PACK.currency,
      description: `Overage pack: ${OVERAGE_PACK.bookings} bookings for ${start.toISOString().slice(0, 7)}`,
    });
  } catch (error) {
    if (error instanceof PaymentFailedError) {
      throw new AppError('LIMIT_REACHED', `The monthly booking quota is used up and buying an overage pack failed: ${error.message}`);
    }
    throw error;
  }
  await tx.query(
    `INSERT INTO overage_purchases (organization_id, period_start, pack_size, amount_cents, currency, charge_ref, created_at)
     VALUES ($1::uuid, $2::date, $3, $4, $5, $6, $7::timestamptz)`,
    [org.id, period, OVERAGE_PACK.bookings, OVERAGE_PACK.amountCents, OVERAGE_PACK.currency, charge.chargeRef, now.toISOString()],
  );
  await tx.query(
    `UPDATE usage_periods SET used = used + 1, overage_packs = overage_packs + 1
      WHERE organization_id = $1::uuid AND period_start = $2::date`,
    key,
  );
}
