import type { Sql } from '../../db/sql.js';
import { AppError } from '../../lib/app-error.js';
import type { ServiceDeps } from '../deps.js';
import { claimKey, saveRefusal, saveResponse, scopeOf, type StoredResponse } from './idempotency.js';

/** A write done: its answer, committed with it. */
export interface Outcome {
  kind: 'done';
  response: StoredResponse;
  /** Deliveries written; a worker is woken once they are committed. */
  deliveries: number;
}

/**
 * Runs one booking write in a transaction, with an optional Idempotency-Key: the key is
 * claimed in the same transaction, the response saved with the work it describes, and a
 * replayable refusal recorded after the rollback, so a retry gets the first answer.
 * `request` is what the key is bound to (route and body).
 *
 * `work` may answer something else than an Outcome, of a kind of its own (never 'done'): the
 * write should not happen in this transaction after all. The transaction is then rolled back,
 * the key's claim with it, and that answer handed back as it is, for the caller to go another
 * way; nothing is recorded for a retry.
 */
export async function runIdempotent<Withdrawn extends { kind: string } = never>(
  deps: Pick<ServiceDeps, 'store' | 'onEventsCommitted'>,
  organizationId: string,
  { idempotencyKey, request, now }: { idempotencyKey: string | undefined; request: unknown; now: Date },
  work: (query: Sql) => Promise<Outcome | Withdrawn>,
): Promise<Outcome | Withdrawn> {
  const scope = scopeOf(organizationId, idempotencyKey, request, now);
  const isDone = (answer: Outcome | Withdrawn): answer is Outcome => answer.kind === 'done';
  try {
    const answer = await deps.store.transaction(async (tx): Promise<Outcome | Withdrawn> => {
      if (scope) {
        const claim = await claimKey(tx.query, scope);
        if (!claim.claimed) return { kind: 'done', response: claim.response, deliveries: 0 };
      }
      const done = await work(tx.query);
      if (scope && isDone(done)) await saveResponse(tx.query, scope, done.response);
      return done;
    }, isDone);
    // Only now are the deliveries visible to a worker.
    if (isDone(answer) && answer.deliveries > 0) deps.onEventsCommitted?.();
    return answer;
  } catch (error) {
    if (scope && error instanceof AppError) await saveRefusal(deps.store.sql, scope, error as AppError);
    throw error;
  }
}
