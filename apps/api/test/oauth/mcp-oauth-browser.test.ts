import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../../web/test/chromium.js';
import { PASSWORD, signUp, type DashboardUser } from '../dashboard-fixtures.js';
import { callOk } from '../mcp/mcp-client.js';
import { startTestApp, type TestApp } from '../test-app.js';

// The whole hosted-MCP sign-in, as an agent app does it: the official MCP client with an
// OAuthClientProvider meets a 401 on /mcp, discovers the authorization server, registers,
// and hands over an authorization URL; Chromium opens it, the person signs in to the
// dashboard and presses Allow; the app's callback receives the code and the client finishes.

let app: TestApp;
let browser: Browser;
let callback: Server;
let redirectUrl: string;
let codes: Array<{ code: string | null; state: string | null; error: string | null }> = [];

beforeAll(async () => {
  app = await startTestApp();
  callback = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Chromium asks the page's host for /favicon.ico too: only the callback carries an answer.
    if (url.pathname === '/callback')
      codes.push({ code: url.searchParams.get('code'), state: url.searchParams.get('state'), error: url.searchParams.get('error') });
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Connected. You can close this window.</p>');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  browser = await launchBrowser(app.url);
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
  await app?.close();
});

/** An agent app's memory of one connection, as the MCP SDK's OAuthClientProvider asks for it. */
class AgentApp implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  get redirectUrl() {
    return redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Browser Test Agent',
      redirect_uris: [redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

const transportFor = (agent: AgentApp) => new StreamableHTTPClientTransport(new URL('/mcp', app.url), { authProvider: agent });

/** Connects through the sign-in: the browser does what the person would. Answers the connected client. */
async function connectThroughBrowser(agent: AgentApp, person: DashboardUser, signIn: boolean): Promise<Client> {
  const first = transportFor(agent);
  await expect(new Client({ name: 'agent', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(agent.information?.client_id).toEqual(expect.any(String));
  const url = agent.authorizationUrl!;
  expect(url.origin + url.pathname).toBe(`${app.url}/oauth/authorize`);
  expect(url.searchParams.get('resource')).toBe(`${app.url}/mcp`);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');

  codes = [];
  const { page } = browser;
  await page.goto(url.href);
  if (signIn) {
    await page.waitForURL(/\/dashboard\/signin\?next=/);
    // The sign-in page says why the person is there.
    await page.getByText('An app is asking to connect to your organization.').waitFor();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL(/\/dashboard\/oauth\/consent\?/);
  // The page has loaded the request when its buttons are there.
  await page.getByRole('button', { name: 'Allow' }).waitFor();
  const body = await page.locator('main').innerText();
  expect(body).toContain('Browser Test Agent');
  expect(body).toContain(new URL(redirectUrl).host);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((u) => u.href.startsWith(redirectUrl));
  expect(codes).toHaveLength(1);
  expect(codes[0]!.state).toBe(url.searchParams.get('state'));
  await first.finishAuth(codes[0]!.code!);

  const client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(transportFor(agent));
  return client;
}

it('an agent app connects by URL: discovery, registration, sign-in and Allow in Chromium, then tools for that organization only', async () => {
  const person = await signUp(app, undefined, 'Browser Co');
  const stranger = await signUp(app, undefined, 'Stranger Co');
  await app.call('POST', '/v1/humans', {
    key: stranger.apiKey,
    body: {
      name: 'Not theirs',
      timezone: 'UTC',
      availability: { working_days: [1], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
    },
  });
  const agent = new AgentApp();
  const client = await connectThroughBrowser(agent, person, true);
  try {
    const human = await callOk(client, 'create_human', { name: 'Grace', timezone: 'Europe/Berlin' });
    const listed = await callOk(client, 'list_humans', {});
    expect(listed.data.map((h: { id: string }) => h.id)).toEqual([human.id]);
    const viaKey = await app.call('GET', '/v1/humans', { key: person.apiKey });
    expect(viaKey.body.data.map((h: { id: string }) => h.id)).toEqual([human.id]);
  } finally {
    await client.close();
  }

  // Connected apps shows it; Disconnect there makes the app's token 401 on its next call.
  await browser.page.goto('/dashboard/connected-apps');
  const row = browser.page.getByRole('row').filter({ hasText: 'Browser Test Agent' });
  await row.getByRole('button', { name: /Disconnect/ }).click();
  await browser.page
    .getByRole('dialog')
    .getByRole('button', { name: /Disconnect/ })
    .click();
  await row.waitFor({ state: 'detached' });
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${agent.saved!.access_token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(res.status).toBe(401);
});

it('a second app, already signed in: straight to consent, and its connection is separate', async () => {
  const person = await signUp(app, undefined, 'Second Co');
  // The browser is still signed in as the first test's person: sign in as this one.
  await browser.page.goto('/dashboard/signin');
  await browser.page.getByLabel('Email').fill(person.email);
  await browser.page.getByLabel('Password').fill(PASSWORD);
  await browser.page.getByRole('button', { name: 'Sign in' }).click();
  await browser.page.waitForURL((u) => !u.pathname.endsWith('/signin'));
  const agent = new AgentApp();
  const client = await connectThroughBrowser(agent, person, false);
  try {
    expect((await callOk(client, 'list_humans', {})).data).toEqual([]);
    expect(agent.saved?.scope).toBe('humantime.read humantime.write');
  } finally {
    await client.close();
  }
});
