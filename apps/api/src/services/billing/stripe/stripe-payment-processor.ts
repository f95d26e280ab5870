import Stripe from 'stripe';
import { PaymentFailedError, type ChargeRequest, type PaymentProcessor } from '../payment-processor.js';

/**
 * Overage packs charged through Stripe: one PaymentIntent per pack, off session, confirmed at
 * once on the customer's card on file, sent with the pack's idempotency key (the SDK's own
 * retries carry it too). Answered within `timeoutMs`, whatever the SDK's retries, or counted
 * as unreachable: the outcome is then unknown and settled later by replaying the same key.
 */
export function stripePaymentProcessor(stripe: Stripe, timeoutMs: number): PaymentProcessor {
  return {
    name: 'stripe',
    needsPaymentMethod: true,
    async charge(request) {
      const payer = request.payer;
      if (!payer) throw new PaymentFailedError('no card is on file; add one on the Billing page', 'no_payment_method');
      let intent: Stripe.PaymentIntent;
      try {
        intent = await withDeadline(createIntent(stripe, request, payer), timeoutMs);
      } catch (error) {
        throw await cancelled(stripe, failureOf(error), timeoutMs);
      }
      if (intent.status === 'succeeded') return { chargeRef: intent.id };
      if (intent.status === 'processing') throw new PaymentFailedError('Stripe is still processing the payment', 'unreachable');
      const failure =
        intent.status === 'requires_action'
          ? new PaymentFailedError('the card requires authentication by its holder', 'authentication_required', intent.id)
          : new PaymentFailedError(`the payment ended ${intent.status.replace(/_/g, ' ')}`, 'declined', intent.id);
      throw await cancelled(stripe, failure, timeoutMs);
    },
  };
}

/**
 * A refused charge's PaymentIntent stays open at Stripe (awaiting authentication, or another
 * card) and could still be paid, for a pack already counted failed: it is cancelled, so the
 * pack's outcome is final. Best effort: should it be paid first, its payment_intent.succeeded
 * event credits the pack (handle-stripe-event.ts).
 */
async function cancelled(stripe: Stripe, failure: PaymentFailedError, timeoutMs: number): Promise<PaymentFailedError> {
  if (failure.chargeRef && failure.reason !== 'unreachable') {
    await withDeadline(stripe.paymentIntents.cancel(failure.chargeRef), timeoutMs).catch(() => undefined);
  }
  return failure;
}

function createIntent(stripe: Stripe, request: ChargeRequest, payer: { customerId: string; paymentMethodId: string }) {
  return stripe.paymentIntents.create(
    {
      amount: request.amountCents,
      currency: request.currency.toLowerCase(),
      customer: payer.customerId,
      payment_method: payer.paymentMethodId,
      off_session: true,
      confirm: true,
      description: request.description,
      metadata: { organization_id: request.organizationId, pack_id: request.packId },
    },
    { idempotencyKey: request.idempotencyKey },
  );
}

class DeadlinePassed extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(`no answer within ${ms} ms`)), ms);
  });
  // The SDK may go on retrying in the background: with the same key, so nothing is charged twice.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** A PaymentFailedError saying why, from what the SDK threw. */
function failureOf(error: unknown): PaymentFailedError {
  if (error instanceof DeadlinePassed) return new PaymentFailedError(`Stripe could not be reached (${error.message})`, 'unreachable');
  if (error instanceof Stripe.errors.StripeCardError) {
    // A declined confirmation still made a PaymentIntent: its id is the failed payment's.
    const intentId = error.payment_intent?.id;
    if (error.code === 'authentication_required') {
      return new PaymentFailedError('the card requires authentication by its holder', 'authentication_required', intentId);
    }
    const reason = error.decline_code ?? error.code ?? 'declined';
    return new PaymentFailedError(`the card was declined (${reason.replace(/_/g, ' ')})`, 'declined', intentId);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== 'idempotency_key_in_use') {
    return new PaymentFailedError(`Stripe refused the payment: ${error.message}`, 'declined');
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentFailedError(`Stripe could not be reached (${error.type}: ${error.message})`, 'unreachable');
  }
  return new PaymentFailedError(`Stripe could not be reached (${(error as Error).message})`, 'unreachable');
}
