import type { Response } from 'express';
import type { StoredResponse } from '../services/bookings/idempotency.js';

/** Tells a retry that it got the first request's answer again, as Stripe's API does. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * The answer of a write that takes an Idempotency-Key, as the route sends it: a kept answer
 * sent again carries `Idempotent-Replayed: true`, so a client can tell it from a new one.
 */
export function idempotentAnswer(res: Response, outcome: StoredResponse): { status: number; body: unknown } {
  if (outcome.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return { status: outcome.status, body: outcome.body };
}
