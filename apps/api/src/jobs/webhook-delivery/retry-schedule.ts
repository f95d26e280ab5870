import type { DeliveryStatus } from '@humantime/contract';

/** Three attempts in all, the first at once. */
export const MAX_ATTEMPTS = 3;

export interface NextState {
  status: DeliveryStatus;
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: Date | null;
}

/**
 * Where a delivery goes after attempt number `attempt` (1-based) ended at `endedAt`:
 * delivered on a 2xx, otherwise retried after retryDelaysMs[attempt - 1] (attempt 2 five
 * minutes after attempt 1 failed, attempt 3 sixty minutes after attempt 2), failed after
 * the last. A manual retry is one attempt: it is delivered or failed, never followed by
 * automatic ones. After three failures the attempt number says so; after a delivery it does
 * not (a retry of a delivery made on the first attempt is attempt 2), hence `manual`.
 */
export function nextState(
  { attempt, manual = false }: { attempt: number; manual?: boolean },
  delivered: boolean,
  endedAt: Date,
  retryDelaysMs: readonly number[],
): NextState {
  if (delivered) return { status: 'delivered', nextAttemptAt: null };
  if (manual) return { status: 'failed', nextAttemptAt: null };
  const delay = retryDelaysMs[attempt - 1];
  if (attempt >= MAX_ATTEMPTS || delay === undefined) return { status: 'failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: new Date(endedAt.getTime() + delay) };
}
