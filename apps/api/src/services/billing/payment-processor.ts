import { randomUUID } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';

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
  charge(tx: Prisma.TransactionClient, request: ChargeRequest): Promise<{ chargeRef: string }>;
}

/**
 * The default processor: records each charge in the ledger_charges table, in the caller's
 * transaction (so a charge exists exactly when its booking does). A real processor would
 * call out and return its charge id.
 */
export const ledgerPaymentProcessor: PaymentProcessor = {
  async charge(tx, request) {
    const row = await tx.ledgerCharge.create({
      data: {
        id: randomUUID(),
        organizationId: request.organizationId,
        amountCents: request.amountCents,
        currency: request.currency,
        description: request.description,
      },
      select: { id: true },
    });
    return { chargeRef: `ledger_${row.id}` };
  },
};
