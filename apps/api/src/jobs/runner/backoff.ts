/** Waits that double from `minMs` up to `maxMs`: attempt 0 waits minMs. */
export function doublingWait(attempt: number, range: { minMs: number; maxMs: number }): number {
  return Math.min(range.maxMs, range.minMs * 2 ** Math.max(0, attempt));
}

/**
 * A wait of about `ms` (± 25 %), so workers drift apart instead of polling or retrying in one
 * phase, where the first to wake would keep taking nearly all the work.
 */
export function jittered(ms: number): number {
  return ms * (0.75 + Math.random() / 2);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
