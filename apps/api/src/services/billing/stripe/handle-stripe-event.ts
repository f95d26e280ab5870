import type Stripe from 'stripe';
import { readPackCharge, settlePackPaid } from '../../../db/tables/pack-charges.js';
import type { ServiceDeps } from '../../deps.js';
import { OVERAGE_PACK } from '../plans.js';
import { savePaymentMethod, stripeOf } from './stripe-customer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What was done with an event, for the log; `warn` when a person must act on it. */
export interface StripeEventOutcome {
  done: string;
  warn?: boolean;
}

/**
 * One verified Stripe event. checkout.session.completed (setup mode): the card the person set
 * up becomes the organization's card on file, unless a card set up later already is.
 * payment_intent.succeeded for a pack: settles its reserved pack if its booking never heard the
 * answer, or a pack counted failed whose payment went through after all. Anything else, and
 * events that name no organization or pack of this service (an account shared with other
 * integrations), is acknowledged and left: a signed event is never answered 500 for its content.
 */
export async function handleStripeEvent(deps: Pick<ServiceDeps, 'store' | 'stripe'>, event: Stripe.Event): Promise<StripeEventOutcome> {
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (!object || typeof object !== 'object') return { done: 'ignored: no data.object' };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = object as Stripe.Checkout.Session;
      const organizationId = session.metadata?.organization_id;
      if (session.mode !== 'setup' || !session.setup_intent) return { done: 'ignored: not a card set-up' };
      if (!(await isOrganization(deps, organizationId))) return { done: 'ignored: no organization of this service' };
      const setupIntentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripeOf(deps).client.setupIntents.retrieve(setupIntentId);
      } catch (error) {
        // Not found: Stripe has no such set-up for this account (nothing to save, ever). Anything
        // else (Stripe unreachable) is thrown: a 503, so Stripe sends the event again.
        if ((error as { statusCode?: number }).statusCode === 404) return { done: `ignored: no setup intent ${setupIntentId}` };
        throw error;
      }
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      if (!method) return { done: 'ignored: the set-up has no card' };
      const saved = await savePaymentMethod(deps, organizationId!, method, new Date(event.created * 1000));
      return { done: saved ? 'card saved' : 'ignored: a card set up later is on file' };
    }
    case 'payment_intent.succeeded': {
      const intent = object as Stripe.PaymentIntent;
      const [packId, organizationId] = [intent.metadata?.pack_id, intent.metadata?.organization_id];
      if (!packId || !organizationId || !UUID.test(packId) || !UUID.test(organizationId)) return { done: 'ignored: not a pack' };
      const pack = { organization_id: organizationId, id: packId };
      if (await settlePackPaid(deps.store.sql, pack, { chargeRef: intent.id, packSize: OVERAGE_PACK.bookings })) {
        return { done: 'pack settled' };
      }
      const row = await readPackCharge(deps.store.sql, pack);
      if (row?.status === 'failed') {
        // Its payment went through after the pack was counted failed and bought again: paid twice.
        return { done: `pack ${packId} was paid by ${intent.id} after it was bought again: refund ${intent.id} in Stripe`, warn: true };
      }
      return { done: row ? 'pack already settled' : 'ignored: no such pack' };
    }
    default:
      return { done: 'ignored' };
  }
}

async function isOrganization(deps: Pick<ServiceDeps, 'store'>, id: string | undefined): Promise<boolean> {
  return !!id && UUID.test(id) && (await deps.store.db.organization.count({ where: { id } })) > 0;
}
