import type { Sql } from '../../db/sql.js';
import { addUsage, insertOveragePurchase, lockUsagePeriod, takeQuotaUnit, type QuotaUnit } from '../../db/tables/usage-periods.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { PaymentFailedError, type PaymentProcessor } from './payment-processor.js';
import { billingPeriod, OVERAGE_PACK, PLAN_LIMITS } from './plans.js';

/** The unit a booking of `org` made at `now` takes: this UTC month's counter, under the plan's limit. */
export function quotaUnitOf(org: AuthedOrganization, now: Date): QuotaUnit {
  const { start } = billingPeriod(now);
  return {
    key: { organizationId: org.id, periodStart: start.toISOString().slice(0, 10) },
    quota: PLAN_LIMITS[org.plan].monthlyQuota,
    packSize: OVERAGE_PACK.bookings,
  };
}

/** Whether at the limit `org` buys an overage pack rather than refusing. */
export function buysOverage(org: AuthedOrganization): boolean {
  return PLAN_LIMITS[org.plan].overage && org.autoPurchase;
}

/** The refusal at the limit when no pack is bought (see buysOverage). */
export function limitReached(org: AuthedOrganization): AppError {
  return new AppError(
    'LIMIT_REACHED',
    `The monthly booking quota of the ${org.plan} plan is used up` +
      (PLAN_LIMITS[org.plan].overage ? ' and auto-purchase of overage is off.' : '; upgrade the plan for more bookings.'),
  );
}

/**
 * Takes one booking from this month's quota, inside the booking transaction (so a refused or
 * rolled-back booking counts nothing). The conditional UPDATE is atomic and locks the
 * organization's counter row until commit, so racing bookings can never exceed the limit.
 * At the limit, with auto-purchase on a paid plan, one pack is bought under that lock:
 * racing bookings at the boundary buy exactly one.
 */
export async function consumeQuota(
  query: Sql,
  processor: PaymentProcessor,
  org: AuthedOrganization,
  now: Date,
): Promise<void> {
  const unit = quotaUnitOf(org, now);
  const { key } = unit;
  if (await takeQuotaUnit(query, unit)) return;
  if (!buysOverage(org)) throw limitReached(org);

  // Lock the counter, then look again: a racing booking may have bought a pack meanwhile.
  const row = await lockUsagePeriod(query, key);
  if (row && row.used < unit.quota + row.overage_packs * unit.packSize) {
    await addUsage(query, key, 0);
    return;
  }
  let charge;
  try {
    charge = await processor.charge(query, {
      organizationId: org.id,
      amountCents: OVERAGE_PACK.amountCents,
      currency: OVERAGE_PACK.currency,
      description: `Overage pack: ${OVERAGE_PACK.bookings} bookings for ${key.periodStart.slice(0, 7)}`,
    });
  } catch (error) {
    if (error instanceof PaymentFailedError) {
      throw new AppError('LIMIT_REACHED', `The monthly booking quota is used up and buying an overage pack failed: ${error.message}`);
    }
    throw error;
  }
  await insertOveragePurchase(query, {
    ...key,
    packSize: OVERAGE_PACK.bookings,
    amountCents: OVERAGE_PACK.amountCents,
    currency: OVERAGE_PACK.currency,
    chargeRef: charge.chargeRef,
    at: now,
  });
  await addUsage(query, key, 1);
}
