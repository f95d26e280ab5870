/**
 * Rate limits: a token bucket per API key, `perSecond` tokens a second up to
 * `burst`; each request takes one. The PostgreSQL store charges it in SQL (see
 * db/tables/api-key-lookup.ts); the embedded store, one process by construction, charges it
 * here. Both report through `verdictOf`, so the headers mean the same on both stores.
 */
export interface RateLimitPolicy {
  perSecond: number;
  burst: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** RateLimit-Limit: the most requests a full bucket allows at once (the burst). */
  limit: number;
  /** RateLimit-Remaining: whole tokens left after this request. */
  remaining: number;
  /** RateLimit-Reset: seconds until the bucket is full again. */
  resetSeconds: number;
  /** Retry-After on a 429: seconds until one token is back (at least 1). */
  retryAfterSeconds: number;
}

export const rateLimitOn = (policy: RateLimitPolicy): boolean => policy.perSecond > 0 && policy.burst > 0;

/** The verdict for a charge that left `tokens` in the bucket (allowed or not). */
export function verdictOf(policy: RateLimitPolicy, tokens: number, allowed: boolean): RateLimitVerdict {
  const left = Math.max(0, Math.min(policy.burst, tokens));
  return {
    allowed,
    limit: policy.burst,
    remaining: Math.floor(left),
    resetSeconds: Math.ceil((policy.burst - left) / policy.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - left) / policy.perSecond)),
  };
}

/** The three headers every /v1 answer carries, and Retry-After on a refusal. */
export function rateLimitHeaders(verdict: RateLimitVerdict): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(verdict.limit),
    'RateLimit-Remaining': String(verdict.remaining),
    'RateLimit-Reset': String(verdict.resetSeconds),
  };
  if (!verdict.allowed) headers['Retry-After'] = String(verdict.retryAfterSeconds);
  return headers;
}

/**
 * Buckets kept in this process, for the embedded store (whose data directory one process
 * holds, so these are every bucket there is). A bucket left alone refills; one found full is
 * forgotten, so the map holds only keys that sent requests in the last `burst / perSecond` s.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly policy: RateLimitPolicy) {}

  charge(key: string, nowMs: number): RateLimitVerdict {
    const { perSecond, burst } = this.policy;
    const bucket = this.buckets.get(key);
    const level = bucket ? Math.min(burst, bucket.tokens + (Math.max(0, nowMs - bucket.at) / 1000) * perSecond) : burst;
    const allowed = level >= 1;
    const tokens = allowed ? level - 1 : level;
    this.buckets.set(key, { tokens, at: bucket ? Math.max(bucket.at, nowMs) : nowMs });
    if (this.buckets.size > 10_000) this.sweep(nowMs);
    return verdictOf(this.policy, tokens, allowed);
  }

  private sweep(nowMs: number) {
    const { perSecond, burst } = this.policy;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((nowMs - b.at) / 1000) * perSecond >= burst) this.buckets.delete(key);
    }
  }
}
