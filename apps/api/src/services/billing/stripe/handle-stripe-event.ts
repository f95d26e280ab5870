import type Stripe from 'stripe';
import { settlePackPaid } from '../../../db/tables/pack-charges.js';
import type { ServiceDeps } from '../../deps.js';
import { OVERAGE_PACK } from '../plans.js';
import { savePaymentMethod, stripeOf } from './stripe-customer.js';

/**
 * One verified Stripe event. checkout.session.completed (setup mode): the card the person set
 * up becomes the organization's card on file. payment_intent.succeeded for a pack: settles its
 * reserved pack if its booking never heard the answer. Anything else is acknowledged and left.
 * Answers what was done, for the log.
 */
export async function handleStripeEvent(deps: Pick<ServiceDeps, 'store' | 'stripe'>, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const organizationId = session.metadata?.organization_id;
      if (session.mode !== 'setup' || !organizationId || !session.setup_intent) return 'ignored';
      const setupIntentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
      const intent = await stripeOf(deps).client.setupIntents.retrieve(setupIntentId);
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      if (!method) return 'ignored';
      await savePaymentMethod(deps, organizationId, method);
      return 'card saved';
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const [packId, organizationId] = [intent.metadata?.pack_id, intent.metadata?.organization_id];
      if (!packId || !organizationId) return 'ignored';
      await settlePackPaid(
        deps.store.sql,
        { organization_id: organizationId, id: packId },
        { chargeRef: intent.id, packSize: OVERAGE_PACK.bookings },
      );
      return 'pack settled';
    }
    default:
      return 'ignored';
  }
}
