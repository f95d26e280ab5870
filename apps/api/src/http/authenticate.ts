import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../lib/app-error.js';
import type { AuthedOrganization } from '../services/organizations/authed-organization.js';
import type { ApiKeyAuthentication, KeyCheck } from '../services/organizations/api-key-authentication.js';
import { rateLimitHeaders, rateLimitOn, verdictOf, type RateLimitPolicy } from '../services/rate-limit/token-bucket.js';
import type { CachedSchedules, Schedules, SchedulesRequest } from '../services/schedule/cached-schedules.js';
import type { TokenCaller } from '../services/oauth/access-tokens.js';
import { DELEGATION_PREFIX, type Delegations } from './mcp-delegation.js';
import type { Prefetch } from './schedule-prefetch.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

const unauthorized = () => new AppError('UNAUTHORIZED', 'The API key is missing or invalid. Send Authorization: Bearer sk_live_...');

/** Node keeps the first of several Authorization headers and drops the rest: an ambiguous credential, refused. */
function severalAuthorizations(req: Request): boolean {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'authorization') count++;
  return count > 1;
}

export interface AuthenticateOptions {
  /** The schedules a request will read, fetched in the key's own round trip (the slots routes). */
  prefetch?: (req: Request) => Prefetch | undefined;
  /** Charge the key's rate-limit bucket (false for /mcp, whose tools' /v1 calls are charged). */
  charge?: boolean;
  /** The MCP tools' credentials for OAuth grants, live while their /mcp request runs (mcp-delegation.ts). */
  delegations?: Delegations;
  /**
   * The rate limit, for the headers of an answer no bucket was charged for: a request without a
   * valid key (401) names no bucket, and its RateLimit-* headers show a full one.
   */
  rateLimit?: RateLimitPolicy;
}

type Checked = KeyCheck & { schedules?: Schedules };

/** A tool acting for an OAuth grant: the grant's organization, charged to the organization key's bucket. */
async function checkDelegation(keys: ApiKeyAuthentication, caller: TokenCaller | undefined, charge: boolean): Promise<Checked> {
  if (!caller?.keyHash) return { organization: undefined, rateLimit: undefined };
  const checked = await keys.checkHash(caller.keyHash, charge);
  return { organization: checked.organization && caller.organization, rateLimit: checked.rateLimit };
}

/**
 * Resolves the organization from the API key before anything else on /v1, and charges the
 * key's token bucket: every authenticated answer carries the RateLimit-* headers, and one
 * over the limit is 429 RATE_LIMITED with Retry-After before any work is done.
 */
export function authenticate(keys: ApiKeyAuthentication, options: AuthenticateOptions = {}): RequestHandler {
  const charge = options.charge ?? true;
  const policy = options.rateLimit;
  const uncharged = policy && rateLimitOn(policy) ? rateLimitHeaders(verdictOf(policy, policy.burst, true)) : undefined;
  return (req, res, next) => {
    const refuse = (error: AppError) => {
      if (uncharged) for (const [name, value] of Object.entries(uncharged)) res.setHeader(name, value);
      next(error);
    };
    if (severalAuthorizations(req)) return refuse(new AppError('UNAUTHORIZED', 'Send one Authorization header, not several.'));
    const key = bearerToken(req.header('authorization'));
    const delegated = key?.startsWith(DELEGATION_PREFIX) ? options.delegations?.resolve(key) : undefined;
    if (!key || (!key.startsWith('sk_live_') && !delegated)) return refuse(unauthorized());
    const wanted = charge && !delegated ? options.prefetch?.(req) : undefined;
    let checking: Promise<Checked>;
    if (delegated) {
      res.locals.grantId = delegated.grantId;
      checking = checkDelegation(keys, delegated, charge);
    } else checking = wanted ? keys.checkWithSchedules(key, wanted) : keys.check(key, charge);
    checking.then((result) => {
      if (!result.organization) return refuse(unauthorized());
      if (result.rateLimit) {
        for (const [name, value] of Object.entries(rateLimitHeaders(result.rateLimit))) res.setHeader(name, value);
        if (!result.rateLimit.allowed) {
          return next(
            new AppError(
              'RATE_LIMITED',
              `Too many requests for ${delegated ? "the organization's API key, which this connected app's token shares" : 'this API key'}: ${result.rateLimit.limit} at once, refilled at the configured rate per second. ` +
                `Retry after ${result.rateLimit.retryAfterSeconds} s.`,
            ),
          );
        }
      }
      res.locals.organization = result.organization;
      if (wanted && result.schedules) res.locals.prefetched = { request: wanted, schedules: result.schedules } satisfies Prefetched;
      next();
    }, next);
  };
}

export interface Prefetched {
  request: Prefetch;
  schedules: Schedules;
}

const sameRead = (a: SchedulesRequest, b: SchedulesRequest) =>
  a.dateFrom === b.dateFrom &&
  a.dateTo === b.dateTo &&
  a.humanIds.length === b.humanIds.length &&
  a.humanIds.every((id, i) => id === b.humanIds[i]);

/**
 * How a handler reads schedules: what `authenticate` already fetched with the key, when it
 * is exactly this read, else through the schedule cache (used where current).
 */
export function schedulesFor(res: Response, schedules: CachedSchedules) {
  return async (request: SchedulesRequest): Promise<Schedules> => {
    const prefetched = res.locals.prefetched as Prefetched | undefined;
    if (prefetched && sameRead(prefetched.request, request)) return prefetched.schedules;
    return schedules.read(organizationOf(res).id, request);
  };
}

/** The organization resolved by `authenticate` (every /v1 handler runs after it). */
export function organizationOf(res: Response): AuthedOrganization {
  const org = res.locals.organization as AuthedOrganization | undefined;
  if (!org) throw new Error('organizationOf called on an unauthenticated request');
  return org;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The admin API: one shared token from the environment (or the embedded store's file). */
export function authenticateAdmin(adminToken: string | undefined): RequestHandler {
  const expected = adminToken ? digest(adminToken) : undefined;
  return (req, _res, next) => {
    const token = bearerToken(req.header('authorization'));
    // Digests have equal length, so the comparison is constant-time whatever was sent.
    if (!expected || !token || !timingSafeEqual(digest(token), expected)) {
      return next(new AppError('UNAUTHORIZED', 'The admin token is missing or invalid.'));
    }
    next();
  };
}
