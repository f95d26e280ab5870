import express, { type RequestHandler } from 'express';
import { badTextIn } from '../../services/oauth/oauth-policy.js';

/**
 * Checks of /oauth's requests made before the MCP SDK's handlers see them, so that a client's
 * mistake is a 400 in OAuth's form (RFC 6749 §5.2) that names it, never a 500 or a message
 * about something else:
 * - text PostgreSQL cannot hold (U+0000, a lone surrogate): the SDK would look it up;
 * - a parameter sent twice (RFC 6749 §3.1: "MUST NOT be included more than once");
 * - at the token endpoint: no or an unknown grant_type (the SDK asks for client_id first), a
 *   client sent in an HTTP Basic header (clients here are public), a code_verifier that is not
 *   RFC 7636's 43-128 unreserved characters;
 * - at registration: a body that is not a JSON object, no redirect_uris.
 */
export function oauthParameters(endpoint: 'token' | 'revoke' | 'register'): RequestHandler[] {
  const parse = endpoint === 'register' ? express.json({ limit: '100kb' }) : express.urlencoded({ extended: false, limit: '64kb' });
  return [
    (req, res, next) => (req.method === 'POST' ? parse(req, res, next) : next()),
    (req, res, next) => {
      if (req.method !== 'POST') return next();
      const problem = endpoint === 'register' ? registrationProblem(req) : formProblem(endpoint, req);
      if (!problem) return next();
      res.status(400).set('Cache-Control', 'no-store').json({ error: problem[0], error_description: problem[1] });
    },
  ];
}

type Problem = [error: string, description: string];

export const NOT_JSON_METADATA = 'send the client metadata as a JSON object (Content-Type: application/json)';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function formProblem(endpoint: 'token' | 'revoke', req: express.Request): Problem | undefined {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (req.headers['content-length'] !== '0' && req.headers['content-type'] !== undefined && !req.is('application/x-www-form-urlencoded')) {
    return ['invalid_request', 'send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded), as OAuth requires'];
  }
  const bad = badTextIn(body);
  if (bad) return ['invalid_request', bad];
  const repeated = Object.keys(body).find((name) => typeof body[name] !== 'string');
  if (repeated) return ['invalid_request', `${repeated} was sent more than once`];
  // RFC 6749 §2.3: one way of naming the client per request; clients here are public.
  if (req.headers.authorization?.toLowerCase().startsWith('basic ')) {
    return [
      'invalid_request',
      'send client_id in the form body and no Authorization header: clients of this server are public (token_endpoint_auth_method none), HTTP Basic is not used',
    ];
  }
  if (endpoint === 'revoke') return undefined;
  const grant = body.grant_type;
  if (grant === undefined) return ['invalid_request', 'grant_type is required: authorization_code or refresh_token'];
  if (grant !== 'authorization_code' && grant !== 'refresh_token') {
    return ['unsupported_grant_type', 'grant_type must be authorization_code or refresh_token'];
  }
  const verifier = body.code_verifier;
  if (grant === 'authorization_code' && typeof verifier === 'string' && !VERIFIER.test(verifier)) {
    return ['invalid_request', 'code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9 and - . _ ~ (RFC 7636)'];
  }
  return undefined;
}

function registrationProblem(req: express.Request): Problem | undefined {
  const body: unknown = req.body;
  if (!req.is('application/json') || body === null || typeof body !== 'object' || Array.isArray(body)) {
    return ['invalid_client_metadata', NOT_JSON_METADATA];
  }
  const bad = badTextIn(body);
  if (bad) return ['invalid_client_metadata', bad];
  const uris = (body as { redirect_uris?: unknown }).redirect_uris;
  if (!Array.isArray(uris)) return ['invalid_redirect_uri', 'redirect_uris is required: a list of 1 to 10 redirect URIs'];
  return undefined;
}

/**
 * error_description as RFC 6749 §5.2 allows it (printable ASCII without `"` and `\`), and a
 * validation library's issue list (the SDK passes zod's JSON on) as "field: message; …".
 */
export function readableDescription(description: string): string {
  let text = description;
  if (text.startsWith('[')) {
    try {
      const issues = JSON.parse(text) as Array<{ path?: unknown[]; message?: string }>;
      text = issues
        .map((i) => {
          const field = i.path?.length ? i.path.join('.') : '';
          // zod's word for a missing field ("Invalid input: expected string, received undefined").
          if (field && i.message?.endsWith('received undefined')) return `${field} is required`;
          return `${field ? `${field}: ` : ''}${i.message ?? 'invalid'}`;
        })
        .join('; ');
    } catch {
      // not a list: kept as it is
    }
  }
  return text
    .replace(/"/g, "'")
    .replace(/\\/g, '/')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
}
