import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { DashboardUser } from '../dashboard-fixtures.js';
import type { TestApp } from '../test-app.js';

export const REDIRECT_URI = 'http://127.0.0.1:43210/callback';

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

async function answer(res: Response): Promise<RawAnswer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // HTML pages: the test reads `text`.
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** A form POST, as OAuth clients send to the token and revocation endpoints. */
export async function postForm(app: TestApp, path: string, form: Record<string, string>): Promise<RawAnswer> {
  return answer(
    await fetch(app.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }),
  );
}

/** A GET that does not follow redirects: the test reads Location. */
export async function getManual(app: TestApp, path: string): Promise<RawAnswer> {
  return answer(await fetch(app.url + path, { redirect: 'manual' }));
}

export async function registerClient(
  app: TestApp,
  metadata: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return answer(
    await fetch(`${app.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ client_name: 'Test Agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', ...metadata }),
    }),
  );
}

export async function newClient(app: TestApp, metadata: Record<string, unknown> = {}): Promise<string> {
  const res = await registerClient(app, metadata);
  expect(res.status, res.text).toBe(201);
  return res.body.client_id as string;
}

export interface AuthorizeParams {
  client_id: string;
  redirect_uri?: string;
  response_type?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  resource?: string;
  scope?: string;
  state?: string;
}

export function authorizeQuery(app: TestApp, params: AuthorizeParams): Record<string, string> {
  const full: Record<string, string | undefined> = {
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge_method: 'S256',
    resource: `${app.url}/mcp`,
    state: 'st-' + randomBytes(4).toString('hex'),
    ...params,
  };
  return Object.fromEntries(Object.entries(full).filter((e): e is [string, string] => e[1] !== undefined));
}

export const authorizePath = (query: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(query).toString()}`;

/** The query a redirect to the app carried. */
export function redirectParams(res: RawAnswer): URLSearchParams {
  expect(res.status, res.text).toBe(302);
  return new URL(res.headers.get('location')!).searchParams;
}

/**
 * What a browser does between /oauth/authorize and the app's callback: follow the redirect to
 * the consent page, then press Allow (or Deny). Answers the URL the browser is sent to.
 */
export async function consent(app: TestApp, user: DashboardUser, query: Record<string, string>, decision: 'allow' | 'deny' = 'allow') {
  const start = await getManual(app, authorizePath(query));
  expect(start.status, start.text).toBe(302);
  const consentUrl = new URL(start.headers.get('location')!, app.url);
  expect(consentUrl.pathname).toBe('/dashboard/oauth/consent');
  const carried = Object.fromEntries(consentUrl.searchParams);
  const shown = await user.call('GET', `/oauth/authorization?${consentUrl.searchParams.toString()}`);
  expect(shown.status, shown.text).toBe(200);
  const decided = await user.call('POST', '/oauth/authorization', { body: { ...carried, decision } });
  expect(decided.status, decided.text).toBe(200);
  return new URL(decided.body.redirect_to as string);
}

export interface Connection {
  clientId: string;
  accessToken: string;
  refreshToken: string;
  scope: string;
}

/** Register, consent and exchange the code: an app connected to the user's organization. */
export async function connectApp(
  app: TestApp,
  user: DashboardUser,
  options: { scope?: string; clientId?: string } = {},
): Promise<Connection> {
  const clientId = options.clientId ?? (await newClient(app));
  const { verifier, challenge } = pkce();
  const query = authorizeQuery(app, { client_id: clientId, code_challenge: challenge, ...(options.scope ? { scope: options.scope } : {}) });
  const back = await consent(app, user, query);
  expect(back.searchParams.get('state')).toBe(query.state);
  const code = back.searchParams.get('code')!;
  const tokens = await postForm(app, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    resource: `${app.url}/mcp`,
  });
  expect(tokens.status, tokens.text).toBe(200);
  return { clientId, accessToken: tokens.body.access_token, refreshToken: tokens.body.refresh_token, scope: tokens.body.scope };
}

/** A JSON-RPC tools/list on /mcp with a bearer credential: just the status and the challenge header. */
export async function mcpStatus(app: TestApp, bearer: string | undefined): Promise<{ status: number; challenge: string | null }> {
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  await res.text();
  return { status: res.status, challenge: res.headers.get('www-authenticate') };
}
