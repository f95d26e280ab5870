import type { RequestHandler } from 'express';
import type { OAuthClients } from '../../services/oauth/oauth-clients.js';
import { checkAuthorizationRequest } from '../../services/oauth/authorization-request.js';
import { asyncHandler } from '../async-handler.js';
import { publicBaseUrl } from '../public-base-url.js';
import { OAUTH_ERROR_PAGE_HEADERS, oauthErrorPage } from './error-page.js';

/** Where a valid request goes: the dashboard's consent page, with the request's own query. */
export const CONSENT_PAGE_PATH = '/dashboard/oauth/consent';

/**
 * GET /oauth/authorize (and POST, form-encoded, as RFC 6749 allows): checks the request
 * before anyone sees it. An app or redirect URI that cannot be trusted gets our error page
 * (400), never a redirect; any other problem goes back to the app's redirect URI with its
 * state; a good request goes on to the consent page, which signs the person in first when
 * needed and checks the same request again when they answer.
 */
export function authorizeEndpoint(clients: Pick<OAuthClients, 'lookUp'>): RequestHandler {
  return asyncHandler(async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
    const check = await checkAuthorizationRequest(clients, params ?? {}, publicBaseUrl(req));
    if (check.kind === 'page') {
      res.status(400).set(OAUTH_ERROR_PAGE_HEADERS).type('html').send(oauthErrorPage(check.message));
      return;
    }
    if (check.kind === 'redirect') {
      res.redirect(302, check.redirectTo);
      return;
    }
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (typeof value === 'string') query.set(name, value);
    res.redirect(302, `${CONSENT_PAGE_PATH}?${query.toString()}`);
  });
}
