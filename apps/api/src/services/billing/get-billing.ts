import type { Billing } from '@humantime/contract/dashboard';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';

/** The Billing page's head: who charges, the card on file, and auto-purchase's pause. */
export async function getBilling(deps: Pick<ServiceDeps, 'store' | 'stripe'>, organizationId: string): Promise<Billing> {
  const account = await deps.store.db.billingAccount.findUnique({ where: { organizationId } });
  const card =
    deps.stripe && account?.paymentMethodId
      ? { brand: account.cardBrand ?? 'card', last4: account.cardLast4, exp_month: account.cardExpMonth, exp_year: account.cardExpYear }
      : null;
  return {
    processor: deps.stripe ? 'stripe' : 'ledger',
    card,
    auto_purchase_paused:
      account?.pausedReason && account.pausedAt ? { reason: account.pausedReason, paused_at: toTimestamp(account.pausedAt) } : null,
  };
}
