import type { SecretBox } from '../lib/secret-box.js';
import type { Config } from '../config.js';
import type { Store } from '../db/open-store.js';
import type { Logger } from '../lib/logger.js';
import type { PaymentProcessor } from './billing/payment-processor.js';
import type { StripeBilling } from './billing/stripe/stripe-client.js';

/**
 * Everything a service may depend on, built once by createApp. A leaf module: routes and
 * services import it, it imports no route or service, so the arrows point one way. Each
 * service asks only for the part it needs (`Pick<ServiceDeps, 'store' | 'clock'>`), which
 * keeps its tests small and says at a glance what it touches.
 */
export interface ServiceDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** The service's clock; tests move it. */
  clock: () => Date;
  /** Charges overage packs: Stripe with STRIPE_SECRET_KEY, else the database ledger; tests may swap it. */
  paymentProcessor: PaymentProcessor;
  /** Stripe's customers, card set-up and webhooks; undefined without STRIPE_SECRET_KEY. */
  stripe?: StripeBilling | undefined;
  /**
   * Called after a transaction that wrote webhook deliveries has committed, so an
   * in-process delivery worker sends them at once instead of at its next poll.
   */
  onEventsCommitted?: (() => void) | undefined;
  /** Seals calendar addresses and credentials; undefined (a server without SECRETS_KEY) refuses calendars. */
  secrets?: SecretBox | undefined;
}
