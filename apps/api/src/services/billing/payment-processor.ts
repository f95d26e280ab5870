import type { Sql } from '../../db/sql.js';

/** Who pays, as the organization's billing account has it: a Stripe customer and its card. */
export interface Payer {
  customerId: string;
  paymentMethodId: string;
}

/** One overage pack's charge. Every retry of one attempt carries the same `idempotencyKey`. */
export interface ChargeRequest {
  organizationId: string;
  /** The pack_charges row: sent along so the charge can be traced back to its pack. */
  packId: string;
  amountCents: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  /** undefined when no card is on file (the ledger needs none). */
  payer: Payer | undefined;
}

/**
 * Why a charge was not made. `declined` and `authentication_required` switch auto-purchase
 * off; `unreachable` leaves the outcome unknown (the pack stays reserved, to be settled by
 * replaying its idempotency key); `no_payment_method` is said before anything is sent.
 */
export type PaymentFailure = 'declined' | 'authentication_required' | 'no_payment_method' | 'unreachable';

export class PaymentFailedError extends Error {
  constructor(
    message: string,
    readonly reason: PaymentFailure = 'declined',
    /** The processor's id of the payment that failed, when one was made (a declined PaymentIntent). */
    readonly chargeRef?: string,
  ) {
    super(message);
    this.name = 'PaymentFailedError';
  }
}

/**
 * Charges an overage pack. Called outside any transaction (it may go over the network), after
 * the pack was reserved as a row of its own (services/billing/buy-pack.ts). A charge sent
 * again with the same idempotency key answers the first outcome and charges nothing more.
 * Throws PaymentFailedError when no charge was made, or when its outcome is unknown.
 */
export interface PaymentProcessor {
  /** Stored with each pack's charge: `ledger` or `stripe`. */
  readonly name: string;
  /** Whether a charge needs a card on file (Stripe) or not (the ledger). */
  readonly needsPaymentMethod: boolean;
  charge(request: ChargeRequest): Promise<{ chargeRef: string }>;
}

/** The ledger, with its failure switch for tests. */
export interface LedgerPaymentProcessor extends PaymentProcessor {
  /** While set, every charge fails with it and writes nothing. */
  failWith: PaymentFailedError | undefined;
}

/**
 * The default processor, when STRIPE_SECRET_KEY is not set: records each charge in the
 * ledger_charges table, once per idempotency key (a replay answers the charge already written).
 */
export function ledgerPaymentProcessor(sql: Sql): LedgerPaymentProcessor {
  return {
    name: 'ledger',
    needsPaymentMethod: false,
    failWith: undefined,
    async charge(request) {
      if (this.failWith) throw this.failWith;
      const [row] = await sql<{ id: string }>(
        `INSERT INTO ledger_charges (organization_id, amount_cents, currency, description, idempotency_key)
         VALUES ($1::uuid, $2, $3, $4, $5)
         ON CONFLICT (organization_id, idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
         RETURNING id::text AS id`,
        [request.organizationId, request.amountCents, request.currency, request.description, request.idempotencyKey],
      );
      return { chargeRef: `ledger_${row!.id}` };
    },
  };
}
