import type { Sql } from '../../db/sql.js';

export interface ChargeRequest {
  organizationId: string;
  amountCents: number;
  currency: string;
  description: string;
}

export class PaymentFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentFailedError';
  }
}

/**
 * Charges an organization. Called inside the booking transaction, while the usage row is
 * locked, so concurrent bookings at the quota boundary buy exactly one pack. Throws
 * PaymentFailedError when the charge is declined.
 */
export interface PaymentProcessor {
  charge(query: Sql, request: ChargeRequest): Promise<{ chargeRef: string }>;
}

/**
 * The default processor: records each charge in the ledger_charges table, in the caller's
 * transaction (so a charge exists exactly when its booking does). A real processor would
 * call out and return its charge id.
 */
export const ledgerPaymentProcessor: PaymentProcessor = {
  async charge(query, request) {
    const [row] = await query<{ id: string }>(
      `INSERT INTO ledger_charges (organization_id, amount_cents, currency, description)
       VALUES ($1::uuid, $2, $3, $4) RETURNING id::text AS id`,
      [request.organizationId, request.amountCents, request.currency, request.description],
    );
    return { chargeRef: `ledger_${row!.id}` };
  },
};
