import type { Prisma } from '../../generated/prisma/client.js';
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
  tx: Prisma.TransactionClient,
  processor: PaymentProcessor,
  org: AuthedOrganization,
  now: Date,
): Promise<void> {
  const plan = PLANS[org.plan];
  const { start } = billingPeriod(now);
  // One statement: the month's first booking creates the row; later ones take a unit only
  // while under the limit (the conflicting row is locked until commit either way).
  const taken = await tx.$executeRaw`
    INSERT INTO usage_periods (organization_id, period_start, used)
    VALUES (${org.id}::uuid, ${start}::date, 1)
    ON CONFLICT (organization_id, period_start) DO UPDATE SET used = usage_periods.used + 1
     WHERE usage_periods.used < ${plan.monthlyQuota} + usage_periods.overage_packs * ${OVERAGE_PACK.bookings}`;
  if (taken === 1) return;

  const limitReached = () =>
    new AppError(
      'LIMIT_REACHED',
      `The monthly booking quota of the ${org.plan} plan is used up` +
        (plan.overage ? ' and auto-purchase of overage is off.' : '; upgrade the plan for more bookings.'),
    );
  if (!plan.overage || !org.autoPurchase) throw limitReached();

  // Lock the counter, then look again: a racing booking may have bought a pack meanwhile.
  const [row] = await tx.$queryRaw<{ used: number; overage_packs: number }[]>`
    SELECT used, overage_packs FROM usage_periods
     WHERE organization_id = ${org.id}::uuid AND period_start = ${start}::date FOR UPDATE`;
  if (row && row.used < plan.monthlyQuota + row.overage_packs * OVERAGE_PACK.bookings) {
    await tx.$executeRaw`
      UPDATE usage_periods SET used = used + 1
       WHERE organization_id = ${org.id}::uuid AND period_start = ${start}::date`;
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
  await tx.overagePurchase.create({
    data: {
      organizationId: org.id,
      periodStart: start,
      packSize: OVERAGE_PACK.bookings,
      amountCents: OVERAGE_PACK.amountCents,
      currency: OVERAGE_PACK.currency,
      chargeRef: charge.chargeRef,
      createdAt: now,
    },
  });
  await tx.$executeRaw`
    UPDATE usage_periods SET used = used + 1, overage_packs = overage_packs + 1
     WHERE organization_id = ${org.id}::uuid AND period_start = ${start}::date`;
}
