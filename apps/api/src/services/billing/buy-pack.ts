import { setTimeout as sleep } from 'node:timers/promises';
import { pauseAutoPurchase, readBillingAccount } from '../../db/tables/billing-accounts.js';
import {
  findPackAttempt,
  readPackCharge,
  releasePack,
  reservePack,
  settlePackFailed,
  settlePackPaid,
  stalePacks,
  takeOverPack,
  type PackCharge,
  type PackRef,
} from '../../db/tables/pack-charges.js';
import { AppError } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { PackNeeded } from './consume-quota.js';
import { PaymentFailedError, type ChargeRequest } from './payment-processor.js';
import { OVERAGE_PACK } from './plans.js';

export type PackDeps = Pick<ServiceDeps, 'store' | 'paymentProcessor'> & Partial<Pick<ServiceDeps, 'config'>>;

/** How often a booking waiting for another's charge looks at the pack again. */
const POLL_MS = 20;
/** A charge's lease outlives its timeout by this, so nobody takes over a charge still answering. */
const LEASE_MARGIN_MS = 2_000;

const chargeTimeoutMs = (deps: PackDeps) => deps.config?.stripe?.timeoutMs ?? 15_000;
const leaseFrom = (deps: PackDeps, now = Date.now()) => new Date(now + chargeTimeoutMs(deps) + LEASE_MARGIN_MS);

/** The refusal when a pack could not be bought, saying why. */
const packRefused = (why: string) =>
  new AppError('LIMIT_REACHED', `The monthly booking quota is used up and buying an overage pack failed: ${why}.`);

/**
 * Runs a booking (or a hold's confirm) and, when its transaction found the month at the limit
 * with auto-purchase on (PackNeeded, the transaction rolled back), buys that pack outside any
 * transaction and runs the booking again with the new limit. A few rounds at most: each round
 * either books, refuses, or sees one more pack bought.
 */
export async function withOveragePacks<T>(deps: PackDeps, org: AuthedOrganization, book: () => Promise<T>): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await book();
    } catch (error) {
      if (!(error instanceof PackNeeded)) throw error;
      if (round >= 3) throw packRefused('the pack was bought but the quota did not grow; try again');
      await securePack(deps, org, error);
    }
  }
}

/**
 * Makes sure pack `needed.packNumber` of the month is bought, or throws 402 saying why. The
 * first booking to get here reserves the pack as a row (exactly one does) and charges it; the
 * others wait for that row to settle and then book, or answer the same 402.
 */
export async function securePack(deps: PackDeps, org: AuthedOrganization, needed: PackNeeded): Promise<void> {
  const sql = deps.store.sql;
  const processor = deps.paymentProcessor;
  const account = await readBillingAccount(sql, org.id);
  const payer =
    account?.stripe_customer_id && account.payment_method_id
      ? { customerId: account.stripe_customer_id, paymentMethodId: account.payment_method_id }
      : undefined;
  if (processor.needsPaymentMethod && !payer) throw packRefused('no card is on file; add one on the Billing page');
  const paymentMethod = payer?.paymentMethodId ?? processor.name;
  const attempt = account?.purchase_attempt ?? 1;
  const key = { organizationId: org.id, periodStart: needed.periodStart, packNumber: needed.packNumber };
  const idempotencyKey = `pack_${org.id}_${needed.periodStart}_${needed.packNumber}_${paymentMethod}_${attempt}`;
  const reserved = await reservePack(sql, {
    ...key,
    processor: processor.name,
    paymentMethod,
    attempt,
    idempotencyKey,
    amountCents: OVERAGE_PACK.amountCents,
    currency: OVERAGE_PACK.currency,
    leaseUntil: leaseFrom(deps),
  });
  if (reserved) return chargePack(deps, reserved, payer);
  const other = await findPackAttempt(sql, { ...key, idempotencyKey });
  if (!other || other.status === 'succeeded') return;
  if (other.status === 'failed') throw packRefused(other.failure ?? 'the charge was refused');
  return waitForPack(deps, other, payer);
}

/**
 * Waits for another booking's charge of the pack. A charge that could not reach the processor
 * while this booking waited answers the same 402; one whose lease ran out otherwise (its
 * booking's process died) is taken over and settled by replaying its idempotency key.
 */
async function waitForPack(deps: PackDeps, pack: PackRef, payer: ChargeRequest['payer']): Promise<void> {
  const since = Date.now();
  for (;;) {
    const row = await readPackCharge(deps.store.sql, pack);
    if (!row || row.status === 'succeeded') return;
    if (row.status === 'failed') throw packRefused(row.failure ?? 'the charge was refused');
    if (row.lease_until <= Date.now()) {
      if (row.failure && row.updated_at >= since) throw packRefused(row.failure);
      const taken = await takeOverPack(deps.store.sql, pack, new Date(), leaseFrom(deps));
      if (taken) return chargePack(deps, taken, payer);
    }
    await sleep(POLL_MS);
  }
}

/**
 * Sends the reserved pack's charge (no transaction, no lock held) and settles the row: paid,
 * refused (auto-purchase paused with why), or unknown (lease given back, to be replayed).
 */
async function chargePack(deps: PackDeps, pack: PackCharge, payer: ChargeRequest['payer']): Promise<void> {
  const sql = deps.store.sql;
  // A replay sends what the first attempt sent: its own card, with its own key.
  const samePayer = payer && { ...payer, paymentMethodId: pack.payment_method };
  let chargeRef: string;
  try {
    ({ chargeRef } = await deps.paymentProcessor.charge({
      organizationId: pack.organization_id,
      packId: pack.id,
      amountCents: pack.amount_cents,
      currency: pack.currency,
      description: `Overage pack: ${OVERAGE_PACK.bookings} bookings for ${pack.period_start.slice(0, 7)}`,
      idempotencyKey: pack.idempotency_key,
      payer: samePayer,
    }));
  } catch (error) {
    const why = error instanceof PaymentFailedError ? error.message : 'the payment could not be completed';
    if (error instanceof PaymentFailedError && error.reason !== 'unreachable') {
      if (await settlePackFailed(sql, pack, why, error.chargeRef)) {
        if (error.reason === 'declined' || error.reason === 'authentication_required') {
          await pauseAutoPurchase(sql, pack.organization_id, why);
        }
      }
      throw packRefused(why);
    }
    await releasePack(sql, pack, why, new Date());
    if (error instanceof PaymentFailedError) throw packRefused(why);
    throw error;
  }
  await settlePackPaid(sql, pack, { chargeRef, packSize: OVERAGE_PACK.bookings });
}

/**
 * Settles every reserved pack whose charge outcome is unknown (its booking's process died, or
 * the processor could not be reached), by replaying its idempotency key: run at start-up.
 * A booking at the boundary does the same for its own pack. Answers how many were settled.
 */
export async function reconcilePacks(deps: PackDeps): Promise<number> {
  let settled = 0;
  for (const stale of await stalePacks(deps.store.sql, new Date())) {
    const pack = await takeOverPack(deps.store.sql, stale, new Date(), leaseFrom(deps));
    if (!pack) continue;
    const account = await readBillingAccount(deps.store.sql, pack.organization_id);
    const payer = account?.stripe_customer_id
      ? { customerId: account.stripe_customer_id, paymentMethodId: pack.payment_method }
      : undefined;
    try {
      await chargePack(deps, pack, payer);
      settled += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return settled;
}
