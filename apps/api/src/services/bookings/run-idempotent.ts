import type { Services } from '../../app.js';
import type { SqlSession } from '../../db/sql-session.js';
import { AppError } from '../../lib/app-error.js';
import { claimKey, requestHash, saveRefusal, saveResponse, type IdempotencyScope, type StoredResponse } from './idempotency.js';

// Refusals that describe a request's outcome and are replayed to a retry with the same key.
// IDEMPOTENCY_KEY_REUSED and RATE_LIMITED describe the key, not the booking, so are not kept.
const REPLAYABLE = new Set([
  'NOT_FOUND',
  'INVALID_DURATION',
  'VALIDATION_ERROR',
  'OUTSIDE_WORKING_HOURS',
  'OUTSIDE_BOOKING_WINDOW',
  'SCHEDULE_BLOCKED',
  'SLOT_UNAVAILABLE',
  'LIMIT_REACHED',
  'BOOKING_CANCELLED',
]);

export interface Outcome {
  response: StoredResponse;
  /** Deliveries written; a worker is woken once they are committed. */
  deliveries: number;
}

/**
 * Runs one booking write in a transaction, with an optional Idempotency-Key: the key is
 * claimed in the same transaction, the response saved with the work it describes, and a
 * replayable refusal recorded after the rollback, so a retry gets the first answer.
 * `request` identifies the request for the key (route and body).
 */
export async function runIdempotent(
  services: Pick<Services, 'store' | 'onEventsCommitted'>,
  organizationId: string,
  idempotencyKey: string | undefined,
  request: unknown,
  now: Date,
  work: (tx: SqlSession) => Promise<Outcome>,
): Promise<StoredResponse> {
  const scope: IdempotencyScope | undefined = idempotencyKey
    ? { organizationId, key: idempotencyKey, hash: requestHash(request), now }
    : undefined;
  try {
    const outcome = await services.store.transaction(async (tx) => {
      if (scope) {
        const claim = await claimKey(tx, scope);
        if (!claim.claimed) return { response: claim.response, deliveries: 0 };
      }
      const done = await work(tx);
      if (scope) await saveResponse(tx, scope, done.response);
      return done;
    });
    // Only now are the deliveries visible to a worker.
    if (outcome.deliveries > 0) services.onEventsCommitted?.();
    return outcome.response;
  } catch (error) {
    if (scope && error instanceof AppError && REPLAYABLE.has(error.code)) {
      await saveRefusal(services.store.sql, scope, {
        status: error.status,
        body: { error: { code: error.code, message: error.message, status: error.status } },
      });
    }
    throw error;
  }
}
