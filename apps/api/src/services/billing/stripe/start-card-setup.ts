import { ensureCustomer, stripeOf, type StripeDeps } from './stripe-customer.js';

/**
 * The Billing page's "Add a card": a Stripe Checkout Session in setup mode for the
 * organization's customer. The person is sent to its URL and comes back to `returnUrl`; the
 * card itself arrives by webhook (checkout.session.completed), never from the browser.
 */
export async function startCardSetup(deps: StripeDeps, organizationId: string, returnUrl: string): Promise<{ url: string }> {
  const { client } = stripeOf(deps);
  const customer = await ensureCustomer(deps, organizationId);
  const session = await client.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    success_url: `${returnUrl}?card=added`,
    cancel_url: `${returnUrl}?card=cancelled`,
    metadata: { organization_id: organizationId },
    setup_intent_data: { metadata: { organization_id: organizationId } },
  });
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  return { url: session.url };
}
