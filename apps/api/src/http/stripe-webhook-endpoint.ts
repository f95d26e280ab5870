import express, { type RequestHandler } from 'express';
import Stripe from 'stripe';
import { AppError } from '../lib/app-error.js';
import type { ServiceDeps } from '../services/deps.js';
import { handleStripeEvent } from '../services/billing/stripe/handle-stripe-event.js';
import { asyncHandler } from './async-handler.js';

/** Stripe's events are small; a larger body is not Stripe's. */
const LIMIT = '256kb';
/**
 * A signature older or newer than this is refused: Stripe's libraries check only the age, so
 * the future is checked here (a timestamp far ahead would keep a captured event replayable).
 */
const TOLERANCE_SECONDS = 300;

/** The signed timestamp of a Stripe-Signature header (`t=…`), in seconds, if it names one. */
function signedAt(header: string): number | undefined {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1];
  return t === undefined ? undefined : Number(t);
}

/**
 * POST /stripe/webhooks: Stripe's events, verified by their Stripe-Signature header over the
 * raw body with STRIPE_WEBHOOK_SECRET (a forged or stale signature is 422 VALIDATION_ERROR).
 * Without Stripe or its secret configured it is 503: nothing unverified is ever acted on.
 */
export function stripeWebhookEndpoint(deps: Pick<ServiceDeps, 'store' | 'stripe' | 'logger'>): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: LIMIT }),
    asyncHandler(async (req, res) => {
      const secret = deps.stripe?.config.webhookSecret;
      if (!secret) throw new AppError('SERVICE_UNAVAILABLE', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET is unset).');
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        const header = req.header('stripe-signature') ?? '';
        event = Stripe.webhooks.constructEvent(body, header, secret, TOLERANCE_SECONDS);
        const at = signedAt(header);
        if (at !== undefined && at - Date.now() / 1000 > TOLERANCE_SECONDS) {
          throw new Stripe.errors.StripeSignatureVerificationError(header, body, { message: 'Timestamp outside the tolerance zone' });
        }
      } catch (error) {
        // The signature is checked first; what fails after it is the body's JSON.
        const signed = error instanceof Stripe.errors.StripeSignatureVerificationError;
        throw new AppError('VALIDATION_ERROR', signed ? `Stripe-Signature: ${error.message}` : 'The body is not a JSON Stripe event.');
      }
      const { done, warn } = await handleStripeEvent(deps, event);
      deps.logger[warn ? 'warn' : 'info']({ stripe_event: event.id, type: event.type, done }, 'stripe event');
      res.json({ received: true });
    }),
  ];
}
