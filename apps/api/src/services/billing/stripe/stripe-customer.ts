import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.js';
import type { ServiceDeps } from '../../deps.js';
import type { StripeBilling } from './stripe-client.js';

export type StripeDeps = Pick<ServiceDeps, 'store' | 'stripe'>;

/** Stripe as configured, or 422 saying the service charges through the ledger. */
export function stripeOf(deps: Pick<ServiceDeps, 'stripe'>): StripeBilling {
  if (!deps.stripe) throw new AppError('VALIDATION_ERROR', 'Stripe is not configured on this service (STRIPE_SECRET_KEY is unset).');
  return deps.stripe;
}

/**
 * The organization's one Stripe customer, created the first time it is needed, with
 * metadata.organization_id. Created with an idempotency key of the organization, so two
 * requests racing here create one customer; its id is kept in billing_accounts.
 */
export async function ensureCustomer(deps: StripeDeps, organizationId: string): Promise<string> {
  const { client } = stripeOf(deps);
  const db = deps.store.db;
  const known = await db.billingAccount.findUnique({ where: { organizationId } });
  if (known?.stripeCustomerId) return known.stripeCustomerId;
  const customer = await client.customers.create(
    { metadata: { organization_id: organizationId }, description: `humantime organization ${organizationId}` },
    { idempotencyKey: `customer_${organizationId}` },
  );
  await db.billingAccount.upsert({
    where: { organizationId },
    create: { organizationId, stripeCustomerId: customer.id },
    update: { stripeCustomerId: customer.id, updatedAt: new Date() },
  });
  return customer.id;
}

/**
 * Makes `paymentMethodId` the organization's card on file: attached to its customer (unless it
 * already is), the customer's default for invoices, and its brand, last four and expiry kept
 * for the Billing page. From the dashboard's card set-up, by webhook (`announcedAt`: the event's
 * time), or an operator (now, whatever is on file). A card whose set-up was announced before
 * the one on file's (Stripe's events come in no promised order, and again on retries) changes
 * nothing: answers undefined.
 */
export async function savePaymentMethod(deps: StripeDeps, organizationId: string, paymentMethodId: string, announcedAt?: Date) {
  const { client } = stripeOf(deps);
  // To the second, as Stripe's events are timed: a set-up announced in the same second wins.
  const setUpAt = announcedAt ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const newer = announcedAt ? { OR: [{ cardSetUpAt: null }, { cardSetUpAt: { lte: announcedAt } }] } : {};
  if (announcedAt) {
    const onFile = await deps.store.db.billingAccount.findUnique({ where: { organizationId }, select: { cardSetUpAt: true } });
    if (onFile?.cardSetUpAt && onFile.cardSetUpAt > announcedAt) return undefined;
  }
  const customerId = await ensureCustomer(deps, organizationId);
  let method: Stripe.PaymentMethod;
  try {
    method = await client.paymentMethods.retrieve(paymentMethodId);
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner && owner !== customerId) throw new AppError('VALIDATION_ERROR', 'payment_method: belongs to another Stripe customer.');
    // Attaching may answer a new id (Stripe's test cards do): the attached one is what is charged.
    if (!owner) method = await client.paymentMethods.attach(paymentMethodId, { customer: customerId });
    await client.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const stripeError = error as { type?: string; message?: string };
    if (stripeError.type === 'StripeInvalidRequestError' || stripeError.type === 'StripeCardError') {
      throw new AppError('VALIDATION_ERROR', `payment_method: ${stripeError.message}`);
    }
    throw new AppError('SERVICE_UNAVAILABLE', `Stripe could not be reached: ${stripeError.message}`);
  }
  const card = method.card;
  const saved = {
    paymentMethodId: method.id,
    cardBrand: card?.brand ?? method.type,
    cardLast4: card?.last4 ?? null,
    cardExpMonth: card?.exp_month ?? null,
    cardExpYear: card?.exp_year ?? null,
    cardSetUpAt: setUpAt,
    updatedAt: new Date(),
  };
  // The condition again, in the write: of two set-ups announced at once, the later one stays.
  const { count } = await deps.store.db.billingAccount.updateMany({ where: { organizationId, ...newer }, data: saved });
  return count > 0 ? saved : undefined;
}
