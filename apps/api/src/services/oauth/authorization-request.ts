import type { OAuthScope } from '@humantime/contract/dashboard';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthClients } from './oauth-clients.js';
import { badTextIn, MAX_URI_LENGTH, parseScopes, resourceOf } from './oauth-policy.js';
import { redirectUriMatches } from './redirect-uris.js';

/** An authorization request that may be shown for consent. */
export interface ValidAuthorization {
  client: OAuthClientInformationFull;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | undefined;
  codeChallenge: string;
  resource: string;
}

/**
 * What to do with an authorization request:
 * - `page`: the app or its redirect URI cannot be trusted, so nothing may be sent to that
 *   URI: show the message on our own page;
 * - `redirect`: the redirect URI is the app's own, so the error goes back to the app there
 *   (RFC 6749 §4.1.2.1), with its state;
 * - `valid`: ask the person.
 */
export type AuthorizationCheck =
  { kind: 'page'; message: string } | { kind: 'redirect'; redirectTo: string } | { kind: 'valid'; request: ValidAuthorization };

/** The longest parameter the consent page carries on (its API's limit). */
const MAX_PARAMETER_LENGTH = 4096;

/** An S256 challenge is the base64url of a SHA-256: 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A redirect URI with the answer's parameters added to its query. Every answer names `iss`, the
 * issuer of the metadata (RFC 9207), so a client talking to several servers can tell whose it is.
 */
export function withQuery(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** A parameter sent once as text; a repeated parameter (an array) or an object is not one. */
function single(params: Record<string, unknown>, name: string): string | undefined | null {
  const value = params[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/**
 * Checks an authorization request (the query of /oauth/authorize, or the same carried by the
 * consent page) against the section's rules: a known client and one of its redirect URIs first,
 * then the code flow with PKCE S256 only, `resource` equal to this service's /mcp, and known
 * scopes (none named: both).
 */
export async function checkAuthorizationRequest(
  clients: Pick<OAuthClients, 'lookUp'>,
  params: Record<string, unknown>,
  baseUrl: string,
): Promise<AuthorizationCheck> {
  const bad = badTextIn(params);
  if (bad) return { kind: 'page', message: `The link is not valid: ${bad}.` };
  const clientId = single(params, 'client_id');
  if (!clientId) return { kind: 'page', message: 'The link names no app: client_id is missing (or sent twice).' };
  if (clientId.length > MAX_URI_LENGTH)
    return { kind: 'page', message: `The link names no app: client_id is longer than ${MAX_URI_LENGTH} characters.` };
  const { client, problem } = await clients.lookUp(clientId);
  if (!client) {
    return {
      kind: 'page',
      message: problem
        ? `The app could not be identified: ${problem}.`
        : 'This app is not known to humantime, or its registration expired. Start connecting from the app again.',
    };
  }
  const redirectUri = single(params, 'redirect_uri');
  if (!redirectUri) return { kind: 'page', message: 'The link names no return address: redirect_uri is missing (or sent twice).' };
  if (!redirectUriMatches(client.redirect_uris, redirectUri)) {
    return {
      kind: 'page',
      message: 'The return address in this link is not one the app registered, so humantime will not send you there.',
    };
  }

  const state = single(params, 'state');
  const refuse = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    redirectTo: withQuery(redirectUri, { error, error_description: description, state: state ?? undefined, iss: baseUrl }),
  });
  if (state === null) return refuse('invalid_request', 'state was sent more than once');
  const tooLong = Object.entries(params).find(([, value]) => typeof value === 'string' && value.length > MAX_PARAMETER_LENGTH);
  if (tooLong) return refuse('invalid_request', `${tooLong[0]} is longer than ${MAX_PARAMETER_LENGTH} characters`);
  const responseType = single(params, 'response_type');
  if (!responseType) return refuse('invalid_request', 'response_type is required (code), once');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'response_type must be code');
  const codeChallenge = single(params, 'code_challenge');
  if (!codeChallenge) return refuse('invalid_request', 'code_challenge is required (PKCE with S256)');
  const method = single(params, 'code_challenge_method');
  if (method !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
  if (!S256_CHALLENGE.test(codeChallenge))
    return refuse('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters)');
  const resource = single(params, 'resource');
  const expected = resourceOf(baseUrl);
  if (resource === null) return refuse('invalid_request', 'resource was sent more than once');
  if (!resource) return refuse('invalid_request', `resource is required: ${expected}`);
  if (resource.replace(/\/$/, '') !== expected) return refuse('invalid_target', `resource must be ${expected}`);
  const scope = single(params, 'scope');
  if (scope === null) return refuse('invalid_request', 'scope was sent more than once');
  const asked = parseScopes(scope);
  if (!asked || asked.length === 0) return refuse('invalid_scope', 'scope may name humantime.read and humantime.write only');
  // A client that registered a scope (RFC 7591 §2) may ask for that much; naming none, it gets it.
  const registered = parseScopes(client.scope);
  const scopes = scope?.trim() ? asked : (registered ?? asked);
  if (registered && !scopes.every((s) => registered.includes(s))) {
    return refuse('invalid_scope', `this app registered the scope ${registered.join(' ')}; it may not ask for more`);
  }
  return { kind: 'valid', request: { client, redirectUri, scopes, state, codeChallenge, resource: expected } };
}
