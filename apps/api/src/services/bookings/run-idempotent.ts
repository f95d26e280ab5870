import type { Sql } from '../../db/sql.js';
import { AppError } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { claimKey, saveRefusal, saveResponse, scopeOf, type StoredResponse } from './idempotency.js';

export interface Outcome {
  response: StoredResponse;
  /** Deliveries written; a worker is woken once they are committed. */
  deliveries: number;
}

/**
 * Runs one booking write in a transaction, with an optional Idempotency-Key: the key is
 * claimed in the same transaction, the response saved with the work it describes, and a
 * replayable refusal recorded after the rollback, so a retry gets the first answer.
 * `request` is what the key is bound to (route and body).
 */
export async function runIdempotent(
  deps: Pick<ServiceDeps, 'store' | 'onEventsCommitted'>,
  organizationId: string,
  idempotencyKey: string | undefined,
  request: unknown,
  now: Date,
  work: (query: Sql) => Promise<Outcome>,
): Promise<StoredResponse> {
  const scope = scopeOf(organizationId, idempotencyKey, request, now);
  try {
    const outcome = await deps.store.transaction(async (tx) => {
      if (scope) {
        const claim = await claimKey(tx.query, scope);
        if (!claim.claimed) return { response: claim.response, deliveries: 0 };
      }
      const done = await work(tx.query);
      if (scope) await saveResponse(tx.query, scope, done.response);
      return done;
    });
    // Only now are the deliveries visible to a worker.
    if (outcome.deliveries > 0) deps.onEventsCommitted?.();
    return outcome.response;
  } catch (error) {
    if (scope && error instanceof AppError) await saveRefusal(deps.store.sql, scope, error as AppError);
    throw error;
  }
}
