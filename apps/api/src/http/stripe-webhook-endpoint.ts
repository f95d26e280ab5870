import express, { type RequestHandler } from 'express';
import Stripe from 'stripe';
import { AppError } from '../lib/app-error.js';
import type { ServiceDeps } from '../services/deps.js';
import { handleStripeEvent } from '../services/billing/stripe/handle-stripe-event.js';
import { asyncHandler } from './async-handler.js';

/** Stripe's events are small; a larger body is not Stripe's. */
const LIMIT = '256kb';
/** A signature older (or newer) than this is refused, as Stripe's libraries do by default. */
const TOLERANCE_SECONDS = 300;

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
        event = Stripe.webhooks.constructEvent(body, req.header('stripe-signature') ?? '', secret, TOLERANCE_SECONDS);
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
