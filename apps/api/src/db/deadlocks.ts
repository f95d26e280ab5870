import { sqlState } from './prisma-errors.js';

/**
 * Runs a transaction again when PostgreSQL aborted it to break a deadlock (40P01), as its
 * documentation advises: the aborted transaction was rolled back whole, so trying it again is
 * safe. Writes that free and take time on one human's day at once (a move, a cancel) can meet a
 * booking of that day in a cycle of row waits that no single lock order removes (the booking's
 * one statement takes its rows in an order of the planner's choosing). Anything else, and a
 * deadlock on the last try, is thrown as it is.
 */
export async function retryingDeadlocks<T>(run: () => Promise<T>, tries = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) !== '40P01' || attempt >= tries) throw error;
    }
  }
}
