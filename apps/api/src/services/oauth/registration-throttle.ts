import { sha256Hex } from '../../lib/secret-tokens.js';
import type { ServiceDeps } from '../deps.js';

export interface RegistrationPolicy {
  /** Registrations an address may make at once. */
  burst: number;
  /** And then this many a minute. */
  perMinute: number;
}

/**
 * Dynamic client registrations per caller address, as a token bucket in the database shared
 * by every process (the SDK's own limiter lives in one process's memory): one atomic upsert
 * refills the bucket for the time passed and takes a registration from it. A refused request
 * still costs (down to one registration owed), so a flood stays refused. An app that registers
 * now and then, or a suite of tests that each register one, never notices; a loop does.
 * Over it: how long until a registration is there again.
 */
export async function takeRegistration(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  { address, policy }: { address: string; policy: RegistrationPolicy },
): Promise<{ retryAfterSeconds: number } | undefined> {
  const now = deps.clock();
  const perSecond = policy.perMinute / 60;
  const [row] = await deps.store.db.$queryRaw<Array<{ tokens: number }>>`
    INSERT INTO oauth_registration_throttle AS t (address_hash, tokens, refilled_at)
    VALUES (${sha256Hex(address)}, ${policy.burst - 1}, ${now})
    ON CONFLICT (address_hash) DO UPDATE SET
      tokens = GREATEST(-1, LEAST(${policy.burst}::float8,
                 t.tokens + GREATEST(0, EXTRACT(EPOCH FROM (${now}::timestamptz - t.refilled_at))) * ${perSecond}::float8) - 1),
      refilled_at = ${now}
    RETURNING tokens`;
  const tokens = Number(row!.tokens);
  if (tokens >= 0) return undefined;
  return { retryAfterSeconds: Math.max(1, Math.ceil((0 - tokens) / perSecond)) };
}
