import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Sql } from '../db/sql.js';
import { AppError } from '../lib/app-error.js';
import type { AuthedOrganization } from '../services/organizations/authed-organization.js';
import { organizationForKey } from '../services/organizations/organization-for-key.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

const unauthorized = () =>
  new AppError('UNAUTHORIZED', 'The API key is missing or invalid. Send Authorization: Bearer sk_live_...');

/**
 * Resolves the organization from the API key before anything else on /v1.
 */
export function authenticate(sql: Sql): RequestHandler {
  return (req, res, next) => {
    const key = bearerToken(req.header('authorization'));
    if (!key || !key.startsWith('sk_live_')) return next(unauthorized());
    organizationForKey(sql, key).then((organization) => {
      if (!organization) return next(unauthorized());
      res.locals.organization = organization;
      next();
    }, next);
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
