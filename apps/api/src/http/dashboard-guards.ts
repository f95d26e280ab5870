import { SHOWN_ORGANIZATION_HEADER } from '@humantime/contract/dashboard';
import type { RequestHandler, Response } from 'express';
import type { Db } from '../db/open-store.js';
import { AppError } from '../lib/app-error.js';
import { resolveSession, type SignedIn } from '../services/accounts/sessions.js';
import type { ActingMember } from '../services/team/acting-member.js';
import { sessionToken } from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the browser says the request came from; undefined when it says nothing. */
function isCrossOrigin(secFetchSite: string | undefined, origin: string | undefined, host: string | undefined) {
  // Sec-Fetch-Site is set by the browser and cannot be forged by a page: trust it first.
  if (secFetchSite !== undefined) return secFetchSite !== 'same-origin' && secFetchSite !== 'none';
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true; // "null" (sandboxed frame, data: URL) or garbage: not our origin.
  }
}

/**
 * CSRF: a state-changing request that a browser marks as coming from another origin is
 * refused before anything else runs. Requests without either header do not come from a
 * browser page (every current browser sends Origin on a cross-origin POST), so they carry
 * no ambient cookie risk. SameSite=Lax on the cookie is the second wall.
 */
export const refuseCrossOrigin: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  if (isCrossOrigin(req.header('sec-fetch-site'), req.header('origin'), req.header('host'))) {
    return next(new AppError('CROSS_ORIGIN_REQUEST', 'This request came from another site and was refused (CSRF protection).'));
  }
  next();
};

/** The routes that read or change which organization the session acts for: any page may call them. */
const SESSION_ROUTES = new Set(['GET /session', 'POST /session/organization']);

/** The routes that work without a session: the ways to get one, and sign-out. */
const PUBLIC_ROUTES = new Set(['POST /signup', 'POST /signin', 'POST /signout', 'POST /invites/inspect', 'POST /invites/accept']);

/**
 * Every other /dashboard/api route needs a live session; it resolves the organization as
 * the API key does on /v1, so the same services get the same AuthedOrganization.
 */
export function requireSession(db: Db, clock: () => Date): RequestHandler {
  return (req, res, next) => {
    // Mounted at /dashboard/api, so req.path is the route's own path.
    const route = `${req.method} ${req.path.replace(/\/$/, '')}`;
    if (PUBLIC_ROUTES.has(route)) return next();
    const token = sessionToken(req);
    const unauthorized = () => new AppError('UNAUTHORIZED', 'You are not signed in, or your session has expired. Sign in again.');
    if (!token) return next(unauthorized());
    resolveSession(db, token, clock()).then((signedIn) => {
      if (!signedIn) return next(unauthorized());
      // A tab left on one organization after another tab switched the session: refused, so a
      // click meant for the organization on screen never changes another one.
      const shown = req.header(SHOWN_ORGANIZATION_HEADER);
      if (shown && shown !== signedIn.organization.id && !SESSION_ROUTES.has(route)) {
        return next(
          new AppError(
            'ORGANIZATION_CHANGED',
            `This page was showing another organization; ${signedIn.member.organizationName} was chosen since, in another tab or window. ` +
              'Nothing was changed. Reload the page to continue.',
          ),
        );
      }
      res.locals.organization = signedIn.organization;
      res.locals.dashboard = signedIn;
      next();
    }, next);
  };
}

/** The session resolved by `requireSession`. */
export function signedInOf(res: Response): SignedIn {
  const signedIn = res.locals.dashboard as SignedIn | undefined;
  if (!signedIn) throw new Error('signedInOf called on a route without a session');
  return signedIn;
}

/** Who acts, where and with which role: what the services that check roles take. */
export function memberOf(res: Response): ActingMember {
  return signedInOf(res).member;
}
