import { notFound } from '../../../lib/app-error.js';
import { savePaymentMethod, stripeOf, type StripeDeps } from './stripe-customer.js';

/** PUT /admin/v1/organizations/{id}/payment-method (`pnpm admin set-payment-method`): an operator sets the card. */
export async function setPaymentMethod(deps: StripeDeps, organizationId: string, paymentMethodId: string) {
  stripeOf(deps);
  if ((await deps.store.db.organization.count({ where: { id: organizationId } })) === 0) throw notFound('Organization');
  const saved = (await savePaymentMethod(deps, organizationId, paymentMethodId))!; // an operator's card always replaces
  return {
    organization_id: organizationId,
    card: { brand: saved.cardBrand, last4: saved.cardLast4, exp_month: saved.cardExpMonth, exp_year: saved.cardExpYear },
  };
}
