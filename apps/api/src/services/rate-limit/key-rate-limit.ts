import type { RateLimitParams } from '../../db/tables/api-key-lookup.js';
import { rateLimitOn, TokenBuckets, verdictOf, type RateLimitPolicy, type RateLimitVerdict } from './token-bucket.js';

const OFF: RateLimitParams = { perSecond: 0, burst: 0 };

/**
 * An API key's rate limit as the PostgreSQL key statement charges it, in SQL
 * (db/tables/api-key-lookup.ts): the bucket is a row of rate_limit_buckets, so every process
 * shares it.
 */
export interface RateLimitInSql {
  /** The bucket the statement charges: the policy, or zeros (nothing charged) when limiting is off. */
  readonly bucket: RateLimitParams;
  /** The verdict on what the statement's charge left; undefined when it charged nothing. */
  verdict(charged: { tokens: number | null; allowed: boolean | null }): RateLimitVerdict | undefined;
}

export function rateLimitInSql(policy: RateLimitPolicy): RateLimitInSql {
  return {
    bucket: rateLimitOn(policy) ? policy : OFF,
    verdict: (charged) =>
      charged.tokens === null || charged.allowed === null ? undefined : verdictOf(policy, charged.tokens, charged.allowed),
  };
}

/**
 * An API key's rate limit charged in this process: the embedded store's, whose data directory
 * one process holds, so its buckets are every bucket there is.
 */
export interface RateLimitInProcess {
  /** Charges the key's bucket now; undefined when limiting is off. */
  charge(keyHash: string): RateLimitVerdict | undefined;
}

export function rateLimitInProcess(policy: RateLimitPolicy): RateLimitInProcess {
  const buckets = rateLimitOn(policy) ? new TokenBuckets(policy) : undefined;
  return { charge: (keyHash) => buckets?.charge(keyHash, Date.now()) };
}
