import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type DashboardUser } from '../dashboard-fixtures.js';
import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../test-app.js';
import {
  REDIRECT_URI,
  authorizePath,
  authorizeQuery,
  connectApp,
  consent,
  getManual,
  mcpStatus,
  newClient,
  pkce,
  postForm,
  redirectParams,
  registerClient,
} from './oauth-fixtures.js';

// The authorization server of hosted MCP by raw HTTP: discovery, registration, the
// authorization step with its refusals, and the code exchange.

let app: TestApp;
let user: DashboardUser;

beforeAll(async () => {
  // The suite registers more clients than one address may at once (the throttle has its own test below).
  app = await startTestApp({ oauth: { ...loadConfig({}).oauth, registrations: { burst: 100, perMinute: 60 } } });
  user = await signUp(app, undefined, 'OAuth Co');
});
afterAll(() => app?.close());

describe('discovery', () => {
  it('serves protected resource metadata for /mcp, with and without the suffix', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await app.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({
        resource: `${app.url}/mcp`,
        authorization_servers: [app.url],
        scopes_supported: ['humantime.read', 'humantime.write'],
      });
    }
  });

  it('builds the issuer, the resource and the challenge on PUBLIC_URL, never on Host or forwarded headers', async () => {
    const forged = { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } };
    const resource = await app.call('GET', '/.well-known/oauth-protected-resource/mcp', forged);
    expect(resource.body).toMatchObject({ resource: `${app.url}/mcp`, authorization_servers: [app.url] });
    const server = await app.call('GET', '/.well-known/oauth-authorization-server', forged);
    expect(server.body).toMatchObject({ issuer: app.url, token_endpoint: `${app.url}/oauth/token` });
    const challenge = await app.call('POST', '/mcp', forged);
    expect(challenge.headers.get('www-authenticate')).toContain(`resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`);
  });

  it('serves authorization server metadata (RFC 8414) with PKCE S256 only and client ID metadata documents', async () => {
    const res = await app.call('GET', '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: app.url,
      authorization_endpoint: `${app.url}/oauth/authorize`,
      token_endpoint: `${app.url}/oauth/token`,
      registration_endpoint: `${app.url}/oauth/register`,
      revocation_endpoint: `${app.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('answers 401 on /mcp with WWW-Authenticate pointing at the resource metadata, with or without a bad token', async () => {
    for (const bearer of [undefined, 'hto_at_not-a-token', 'sk_live_wrong']) {
      const { status, challenge } = await mcpStatus(app, bearer);
      expect(status).toBe(401);
      expect(challenge).toContain(
        `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp", scope="humantime.read humantime.write"`,
      );
    }
  });

  it('answers a browser preflight of the metadata from any origin, with the headers MCP clients send', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(app.url + path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://inspector.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'mcp-protocol-version',
        },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-headers'), path).toBe('mcp-protocol-version');
    }
  });
});

describe('registration (RFC 7591)', () => {
  it('registers a public client: no secret, auth method none', async () => {
    const res = await registerClient(app, { token_endpoint_auth_method: 'client_secret_post' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.client_id).toEqual(expect.any(String));
    expect(res.body.client_secret).toBeUndefined();
    expect(res.body.token_endpoint_auth_method).toBe('none');
    expect(res.body.redirect_uris).toEqual([REDIRECT_URI]);
  });

  it('refuses a name with bidirectional formatting or control characters, which could reorder the consent page', async () => {
    for (const name of ['Claude\u202egnp.exe', 'Agent\u2066x\u2069', 'Bell\u0007']) {
      const res = await registerClient(app, { client_name: name });
      expect([res.status, res.body.error], JSON.stringify(name)).toEqual([400, 'invalid_client_metadata']);
      expect(res.body.error_description).toMatch(/^client_name: /);
    }
    expect((await registerClient(app, { client_name: 'Ağent Şmith — שלום' })).status).toBe(201);
  });

  it('accepts https, loopback http and private-use schemes; refuses the rest in OAuth error form', async () => {
    for (const uri of ['https://app.example.com/cb', 'http://localhost/cb', 'http://[::1]:9000/cb', 'com.example.agent:/callback']) {
      expect((await registerClient(app, { redirect_uris: [uri] })).status, uri).toBe(201);
    }
    // RFC 7591 §3.2.2: a redirect URI refused is invalid_redirect_uri; one that is not a URI at all
    // fails the metadata's own schema (the MCP SDK's), invalid_client_metadata.
    for (const [uri, error] of [
      ['http://app.example.com/cb', 'invalid_redirect_uri'],
      ['https://app.example.com/cb#frag', 'invalid_redirect_uri'],
      ['javascript:alert(1)', 'invalid_client_metadata'],
      ['not a uri', 'invalid_client_metadata'],
    ]) {
      const res = await registerClient(app, { redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body.error, uri).toBe(error);
    }
  });
});

describe('authorization', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await newClient(app);
  });

  it('sends a valid request to the consent page with the same query', async () => {
    const query = authorizeQuery(app, { client_id: clientId, code_challenge: pkce().challenge });
    const res = await getManual(app, authorizePath(query));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!, app.url);
    expect(location.pathname).toBe('/dashboard/oauth/consent');
    expect(Object.fromEntries(location.searchParams)).toEqual(query);
  });

  it('shows an error page, never a redirect, for an unknown client or a redirect URI it did not register', async () => {
    const { challenge } = pkce();
    for (const query of [
      authorizeQuery(app, { client_id: 'no-such-client', code_challenge: challenge }),
      authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'https://evil.example.com/cb' }),
      authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'http://127.0.0.1:43210/other' }),
      // Another port only: credentials or dot-segments that a URL parser folds away make another URI.
      authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'http://attacker:pw@127.0.0.1:43210/callback' }),
      authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'http://127.0.0.1:43210/x/../callback' }),
      authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'http://127.0.0.1:70000/callback' }),
    ]) {
      const res = await getManual(app, authorizePath(query));
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain('This sign-in link cannot be used');
      // Like the dashboard's pages: nothing loaded or run, never framed, the request not leaked.
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    // The consent page's own API refuses it the same way.
    const bad = authorizeQuery(app, { client_id: clientId, code_challenge: challenge, redirect_uri: 'https://evil.example.com/cb' });
    const shown = await user.call('GET', `/oauth/authorization?${new URLSearchParams(bad).toString()}`);
    expect(shown.status).toBe(400);
    expect(shown.body.error.code).toBe('OAUTH_REQUEST_INVALID');
  });

  it('accepts a loopback redirect URI that differs in port only (RFC 8252)', async () => {
    const query = authorizeQuery(app, {
      client_id: clientId,
      code_challenge: pkce().challenge,
      redirect_uri: 'http://127.0.0.1:51234/callback',
    });
    const back = await consent(app, user, query);
    expect(back.origin).toBe('http://127.0.0.1:51234');
    expect(back.searchParams.get('code')).toMatch(/^hto_ac_/);
    expect(back.searchParams.get('iss')).toBe(app.url); // RFC 9207
  });

  it('refuses missing PKCE, plain, a missing or wrong resource and unknown scopes, back at the app with its state', async () => {
    const { challenge } = pkce();
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge: challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: challenge, code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: challenge, resource: undefined }, 'invalid_request'],
      [{ code_challenge: challenge, resource: 'https://other.example.com/mcp' }, 'invalid_target'],
      [{ code_challenge: challenge, resource: `${app.url}/v1` }, 'invalid_target'],
      [{ code_challenge: challenge, scope: 'humantime.admin' }, 'invalid_scope'],
      [{ code_challenge: challenge, response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: challenge, response_type: undefined }, 'invalid_request'],
    ];
    for (const [change, error] of cases) {
      const query = authorizeQuery(app, { client_id: clientId, ...change });
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete query[k];
      const params = redirectParams(await getManual(app, authorizePath(query)));
      expect(params.get('error'), JSON.stringify(change)).toBe(error);
      expect(params.get('state')).toBe(query.state);
      expect(params.get('iss')).toBe(app.url);
    }
  });

  it('holds a client to the scope it registered (RFC 7591): asking none gives that scope, asking more is invalid_scope', async () => {
    const readOnly = await newClient(app, { scope: 'humantime.read' });
    const query = authorizeQuery(app, { client_id: readOnly, code_challenge: pkce().challenge, scope: 'humantime.read humantime.write' });
    const wider = redirectParams(await getManual(app, authorizePath(query)));
    expect([wider.get('error'), wider.get('error_description')]).toEqual([
      'invalid_scope',
      'this app registered the scope humantime.read; it may not ask for more',
    ]);
    expect((await connectApp(app, user, { clientId: readOnly })).scope).toBe('humantime.read');
    expect((await connectApp(app, user, { clientId: readOnly, scope: 'humantime.read' })).scope).toBe('humantime.read');
  });

  it('Deny sends error=access_denied with the state back to the app', async () => {
    const query = authorizeQuery(app, { client_id: clientId, code_challenge: pkce().challenge });
    const back = await consent(app, user, query, 'deny');
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(query.state);
    expect(back.searchParams.get('iss')).toBe(app.url);
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('the consent API needs a session', async () => {
    const query = authorizeQuery(app, { client_id: clientId, code_challenge: pkce().challenge });
    const res = await app.call('GET', `/dashboard/api/oauth/authorization?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(401);
  });
});

describe('the code exchange', () => {
  it('refuses a wrong verifier; a code works once, and its replay revokes what the first use gave', async () => {
    const clientId = await newClient(app);
    const { verifier, challenge } = pkce();
    const back = await consent(app, user, authorizeQuery(app, { client_id: clientId, code_challenge: challenge }));
    const code = back.searchParams.get('code')!;
    const exchange = (codeVerifier: string) =>
      postForm(app, '/oauth/token', {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: codeVerifier,
        redirect_uri: REDIRECT_URI,
      });
    const wrong = await exchange(pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const first = await exchange(verifier);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'humantime.read humantime.write' });
    expect(first.body.access_token).toMatch(/^hto_at_/);
    // RFC 6749 §5.1: never cached, by HTTP/1.0 caches either.
    expect([first.headers.get('cache-control'), first.headers.get('pragma')]).toEqual(['no-store', 'no-cache']);
    expect((await mcpStatus(app, first.body.access_token)).status).toBe(200);

    const replay = await exchange(verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await mcpStatus(app, first.body.access_token)).status).toBe(401);
    const refreshed = await postForm(app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: first.body.refresh_token,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('refuses a code after 60 s, another client, a wrong redirect URI or a wrong resource', async () => {
    const clientId = await newClient(app);
    const other = await newClient(app);
    const start = async () => {
      const { verifier, challenge } = pkce();
      const back = await consent(app, user, authorizeQuery(app, { client_id: clientId, code_challenge: challenge }));
      return { verifier, code: back.searchParams.get('code')! };
    };
    const base = { grant_type: 'authorization_code', client_id: clientId, redirect_uri: REDIRECT_URI };
    let c = await start();
    // Without the redirect URI the exchange is refused before the code is used: sent again with it, it works.
    const { redirect_uri: _redirect, ...withoutRedirect } = base;
    const forgot = await postForm(app, '/oauth/token', { ...withoutRedirect, code: c.code, code_verifier: c.verifier });
    expect([forgot.status, forgot.body.error]).toEqual([400, 'invalid_request']);
    // Readable from a browser page too: the refusals in front of the SDK's handler answer any origin.
    const noGrant = await postForm(app, '/oauth/token', { client_id: clientId });
    expect([noGrant.status, noGrant.body.error, noGrant.headers.get('access-control-allow-origin')]).toEqual([400, 'invalid_request', '*']);
    expect((await postForm(app, '/oauth/token', { ...base, code: c.code, code_verifier: c.verifier })).status).toBe(200);
    c = await start();
    expect((await postForm(app, '/oauth/token', { ...base, client_id: other, code: c.code, code_verifier: c.verifier })).body.error).toBe(
      'invalid_grant',
    );
    c = await start();
    const wrongRedirect = { ...base, code: c.code, code_verifier: c.verifier, redirect_uri: 'http://127.0.0.1:43210/other' };
    expect((await postForm(app, '/oauth/token', wrongRedirect)).body.error).toBe('invalid_grant');
    // Refused without using the code up: its rightful exchange still works, and is no replay.
    expect((await postForm(app, '/oauth/token', { ...base, code: c.code, code_verifier: c.verifier })).status).toBe(200);
    c = await start();
    const wrongResource = await postForm(app, '/oauth/token', {
      ...base,
      code: c.code,
      code_verifier: c.verifier,
      resource: 'https://other.example.com/mcp',
    });
    expect(wrongResource.body.error).toBe('invalid_target');
    expect((await postForm(app, '/oauth/token', { ...base, code: c.code, code_verifier: c.verifier })).status).toBe(200);
    c = await start();
    app.clock.now = new Date(Date.now() + 61_000);
    try {
      expect((await postForm(app, '/oauth/token', { ...base, code: c.code, code_verifier: c.verifier })).body.error).toBe('invalid_grant');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('answers a malformed token request in OAuth error form', async () => {
    const res = await postForm(app, '/oauth/token', { grant_type: 'password', client_id: await newClient(app) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
    const noClient = await postForm(app, '/oauth/token', { grant_type: 'authorization_code' });
    expect(noClient.status).toBe(400);
    expect(noClient.body.error).toBe('invalid_request');
    const unknown = await postForm(app, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'nobody',
      code: 'x',
      code_verifier: pkce().verifier,
    });
    expect(unknown.body.error).toBe('invalid_client');
  });

  it("refuses a client's malformed input in OAuth's form, naming it, never 500 and never another field", async () => {
    // RFC 6749 §5.2: error_description is printable ASCII without '"' and '\\'.
    const RFC_TEXT = /^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/;
    const refused = (res: { status: number; body: any; text: string }, error: string, named: string | RegExp) => {
      expect([res.status, res.body?.error], res.text).toEqual([400, error]);
      expect(res.body.error_description).toMatch(RFC_TEXT);
      expect(res.body.error_description).toMatch(named);
    };
    const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(app.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body }).then(
        async (res) => ({ status: res.status, text: await res.clone().text(), body: await res.json().catch(() => undefined) }),
      );
    const client = await newClient(app);
    refused(
      await raw('/oauth/token', 'grant_type=refresh_token&refresh_token=x&client_id=abc%00def'),
      'invalid_request',
      /client_id.*U\+0000/,
    );
    refused(await raw('/oauth/revoke', 'token=x&client_id=abc%00def'), 'invalid_request', /client_id.*U\+0000/);
    refused(await raw('/oauth/token', `client_id=${client}&refresh_token=x`), 'invalid_request', /grant_type is required/);
    refused(
      await raw('/oauth/token', `grant_type=refresh_token&client_id=${client}&refresh_token=x&scope=humantime.read&scope=humantime.write`),
      'invalid_request',
      'scope was sent more than once',
    );
    refused(
      await raw('/oauth/token', 'grant_type=refresh_token&refresh_token=x', {
        authorization: `Basic ${Buffer.from(`${client}:`).toString('base64')}`,
      }),
      'invalid_request',
      /HTTP Basic is not used/,
    );
    refused(
      await raw('/oauth/token', `grant_type=authorization_code&client_id=${client}&code=x&code_verifier=abc&redirect_uri=${REDIRECT_URI}`),
      'invalid_request',
      /code_verifier must be 43 to 128 characters/,
    );

    refused(await registerClient(app, { client_name: 'x\udc00' }), 'invalid_client_metadata', /client_name.*lone surrogate/);
    refused(await registerClient(app, { client_name: 'a\u0000b' }), 'invalid_client_metadata', /client_name.*U\+0000/);
    refused(await registerClient(app, { redirect_uris: undefined }), 'invalid_redirect_uri', /redirect_uris is required/);
    refused(await registerClient(app, { redirect_uris: [`https://app.example.com/${'a'.repeat(2048)}`] }), 'invalid_redirect_uri', /2048/);
    refused(await registerClient(app, { client_name: 'n'.repeat(201) }), 'invalid_client_metadata', /client_name: at most 200/);
    refused(await registerClient(app, { scope: 'admin' }), 'invalid_client_metadata', /scope: may name humantime.read and humantime.write/);
    refused(await registerClient(app, { client_name: 123 }), 'invalid_client_metadata', /^client_name: /);
    refused(await raw('/oauth/register', 'client_name=x'), 'invalid_client_metadata', /JSON object/);
    refused(
      await raw('/oauth/register', '{"redirect_uris": [', { 'content-type': 'application/json' }),
      'invalid_client_metadata',
      /JSON object/,
    );
    // The token and revocation endpoints are form-encoded; a JSON body is told so, not that a field is missing.
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      const json = JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client, token: 'x' });
      refused(await raw(path, json, { 'content-type': 'application/json' }), 'invalid_request', /form-encoded/);
    }
    // A client named twice (the body and HTTP Basic) is refused, as RFC 6749 §2.3 asks.
    refused(
      await raw('/oauth/token', `grant_type=refresh_token&refresh_token=x&client_id=${client}`, {
        authorization: `Basic ${Buffer.from(`${client}:`).toString('base64')}`,
      }),
      'invalid_request',
      /HTTP Basic is not used/,
    );
    // A missing field is "required", not the validation library's words.
    refused(await raw('/oauth/token', `grant_type=refresh_token&client_id=${client}`), 'invalid_request', /^refresh_token is required$/);

    const page = await getManual(
      app,
      `/oauth/authorize?response_type=code&client_id=abc%00def&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
    );
    expect([page.status, page.headers.get('content-type')]).toEqual([400, expect.stringContaining('text/html')]);
    expect(page.text).toContain('U+0000');
    const { challenge } = pkce();
    const query = authorizeQuery(app, { client_id: client, code_challenge: challenge });
    for (const [extra, description] of [
      ['&scope=humantime.read', 'scope was sent more than once'],
      [`&resource=${encodeURIComponent(query.resource!)}`, 'resource was sent more than once'],
    ] as const) {
      const params = redirectParams(await getManual(app, `${authorizePath({ ...query, scope: 'humantime.read' })}${extra}`));
      expect([params.get('error'), params.get('error_description')]).toEqual(['invalid_request', description]);
    }
    const long = redirectParams(await getManual(app, authorizePath({ ...query, state: 's'.repeat(4097) })));
    expect([long.get('error'), long.get('error_description')]).toEqual(['invalid_request', 'state is longer than 4096 characters']);
  });

  it('a connected app works on /mcp only: its token on /v1 is 401', async () => {
    const connection = await connectApp(app, user);
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(200);
    const v1 = await app.call('GET', '/v1/humans', { key: connection.accessToken });
    expect(v1.status).toBe(401);
    expect(v1.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('registration throttle', () => {
  it('refuses registrations past the allowance of an address with too_many_requests and Retry-After, until it refills', async () => {
    const limited = await startTestApp({ oauth: { ...loadConfig({}).oauth, registrations: { burst: 3, perMinute: 1 } } });
    try {
      for (let i = 0; i < 3; i++) expect((await registerClient(limited)).status).toBe(201);
      const refused = await registerClient(limited);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('too_many_requests');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(30);
      // Time refills the allowance: one registration a minute here.
      limited.clock.now = new Date(Date.now() + 121_000);
      expect((await registerClient(limited)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('counts each client behind a trusted proxy by its X-Forwarded-For, and ignores that header from anyone else', async () => {
    const oauth = { ...loadConfig({}).oauth, registrations: { burst: 1, perMinute: 1 } };
    const behind = await startTestApp({ oauth, trustProxy: loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy });
    const direct = await startTestApp({ oauth });
    const from = (app: typeof behind, address: string) => registerClient(app, {}, { 'x-forwarded-for': address });
    try {
      expect((await from(behind, '203.0.113.7')).status).toBe(201);
      expect((await from(behind, '203.0.113.7')).status).toBe(429);
      expect((await from(behind, '198.51.100.20')).status).toBe(201);
      // Not a trusted proxy's request: the header names no one, every request is the socket's.
      expect((await from(direct, '203.0.113.7')).status).toBe(201);
      expect((await from(direct, '198.51.100.20')).status).toBe(429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});
