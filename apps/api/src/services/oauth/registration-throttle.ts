import { CLIENT_REGISTRATIONS, countInWindow } from '../../db/tables/windowed-counters.js';
import { sha256Hex } from '../../lib/secret-tokens.js';
import type { ServiceDeps } from '../deps.js';

const WINDOW_MS = 3_600_000;

/**
 * Dynamic client registrations per caller address: `perHour` in a window that opens with the
 * first, counted by one atomic upsert shared by every process (the SDK's own limiter lives
 * in one process's memory). Over it: how long until the window passes.
 */
export async function takeRegistration(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  { address, perHour }: { address: string; perHour: number },
): Promise<{ retryAfterSeconds: number } | undefined> {
  const now = deps.clock();
  const { count, windowStart } = await countInWindow(deps.store.db, CLIENT_REGISTRATIONS, {
    key: sha256Hex(address),
    now,
    windowMs: WINDOW_MS,
  });
  if (count <= perHour) return undefined;
  return { retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now.getTime()) / 1000)) };
}
