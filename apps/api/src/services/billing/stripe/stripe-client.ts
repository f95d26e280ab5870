import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';

/**
 * The Stripe SDK as configured: its own API, or STRIPE_API_BASE (a stand-in in the tests).
 * Each request is answered within the configured timeout; the SDK retries a connection error,
 * a 409 and a 5xx twice, each retry with the request's same Idempotency-Key.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: config.timeoutMs,
    telemetry: false,
    appInfo: { name: 'humantime' },
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  });
}

/** What the services use of Stripe beside charges: the client and its configuration. */
export interface StripeBilling {
  client: Stripe;
  config: StripeConfig;
}
