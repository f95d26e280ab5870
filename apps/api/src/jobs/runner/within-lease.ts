import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { doublingWait, sleep } from './backoff.js';

/** While the database is away, a write is tried again after these waits (doubling). */
const RETRY = { minMs: 250, maxMs: 2_000 };

/**
 * Writes an item's outcome, and again while the database is away, for as long as the lease
 * lasts: the work is done (a webhook sent, a calendar read), and an outcome written after the
 * outage means it is not done twice. Past the lease another worker may claim the item, so the
 * outcome is given up and the error thrown (the item is then done again, later).
 */
export async function writeWithinLease<T>(write: () => Promise<T>, leaseEndsAt: number, clock: () => Date): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const wait = doublingWait(attempt, RETRY);
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || clock().getTime() + wait >= leaseEndsAt) throw error;
      await sleep(wait);
    }
  }
}
