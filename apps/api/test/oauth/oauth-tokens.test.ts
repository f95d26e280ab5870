import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { signUp, type DashboardUser } from '../dashboard-fixtures.js';
import { call, callOk, httpMcpClient, textOf } from '../mcp/mcp-client.js';
import { startTestApp, type TestApp } from '../test-app.js';
import {
  REDIRECT_URI,
  authorizeQuery,
  connectApp,
  consent,
  getManual,
  authorizePath,
  mcpStatus,
  newClient,
  pkce,
  postForm,
} from './oauth-fixtures.js';

// What a connection can do once made: tools for its organization only, scopes, refresh
// rotation with reuse detection, revocation, Disconnect, limits and quota shared with the key.

let app: TestApp;
let user: DashboardUser;
let documents: Server;
let documentsUrl: string;
const served = new Map<string, unknown>();

const HUMAN = {
  name: 'Ada Lovelace',
  timezone: 'UTC',
  availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
};

beforeAll(async () => {
  // Client ID metadata documents are read like webhooks: loopback only where private URLs are allowed.
  const config = loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  app = await startTestApp({ webhooks: config.webhooks, rateLimit: { perSecond: 0.001, burst: 1000 } });
  user = await signUp(app, undefined, 'Tokens Co');
  documents = createServer((req, res) => {
    const doc = served.get(req.url ?? '');
    if (doc === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(typeof doc === 'string' ? doc : JSON.stringify(doc));
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentsUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => documents?.close(resolve));
});

const refresh = (clientId: string, refreshToken: string) =>
  postForm(app, '/oauth/token', { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

describe('tools under a token', () => {
  it('act for the grant organization only, and count in its quota', async () => {
    const other = await signUp(app, undefined, 'Other Co');
    const theirs = await app.call('POST', '/v1/humans', { key: other.apiKey, body: { ...HUMAN, name: 'Not yours' } });
    expect(theirs.status).toBe(201);
    const connection = await connectApp(app, user);
    const client = await httpMcpClient(app.url, connection.accessToken);
    try {
      const human = await callOk(client, 'create_human', HUMAN);
      const listed = await callOk(client, 'list_humans', {});
      expect(listed.data.map((h: { id: string }) => h.id)).toEqual([human.id]);
      const foreign = await call(client, 'get_human', { human_id: theirs.body.id });
      expect(textOf(foreign)).toMatch(/^NOT_FOUND: /);
      const mine = await app.call('GET', `/v1/humans/${human.id}`, { key: user.apiKey });
      expect(mine.status).toBe(200);
      const slots = await callOk(client, 'find_slots', { human_id: human.id, duration: 30, date_from: nextDate(), date_to: nextDate() });
      const booked = await callOk(client, 'book_slot', {
        human_id: human.id,
        starts_at: slots.days[0].slots[0].starts_at,
        duration: 30,
        attendee_name: 'Agent',
      });
      expect(booked.status).toBe('confirmed');
      const usage = await app.call('GET', '/v1/usage', { key: user.apiKey });
      expect(usage.body.used).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('share the organization key rate-limit bucket', async () => {
    const limited = await startTestApp({ rateLimit: { perSecond: 0.001, burst: 3 } });
    try {
      const owner = await signUp(limited, undefined, 'Limited Co');
      const connection = await connectApp(limited, owner);
      for (let i = 0; i < 3; i++) expect((await limited.call('GET', '/v1/humans', { key: owner.apiKey })).status).toBe(200);
      const client = await httpMcpClient(limited.url, connection.accessToken);
      try {
        expect(textOf(await call(client, 'list_humans', {}))).toMatch(
          /^RATE_LIMITED: .*the organization's API key, which this connected app's token shares/,
        );
      } finally {
        await client.close();
      }
    } finally {
      await limited.close();
    }
  });

  it('a read-only connection lists every tool and gets INSUFFICIENT_SCOPE from the write tools', async () => {
    const connection = await connectApp(app, user, { scope: 'humantime.read' });
    expect(connection.scope).toBe('humantime.read');
    const client = await httpMcpClient(app.url, connection.accessToken);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_human');
      expect((await callOk(client, 'list_humans', {})).data).toEqual(expect.any(Array));
      for (const [name, args] of [
        ['create_human', HUMAN],
        ['cancel_booking', { booking_id: '6f1c0000-0000-4000-8000-000000000000' }],
        // Refused for what it is before its arguments are read: malformed ones change nothing.
        ['add_override', { human_id: 'not-an-id' }],
      ] as const) {
        const refused = await call(client, name, args);
        expect(refused.isError).toBe(true);
        expect(textOf(refused)).toMatch(/^INSUFFICIENT_SCOPE: /);
      }
      expect((await app.call('GET', '/v1/humans', { key: user.apiKey })).body.data.map((h: { name: string }) => h.name)).not.toContain(
        'never',
      );
    } finally {
      await client.close();
    }
  });
});

describe('refresh, revocation and Disconnect', () => {
  it('a refresh naming a narrower scope gets an access token of just that; the refresh token keeps the grant', async () => {
    const connection = await connectApp(app, user);
    expect(connection.scope).toBe('humantime.read humantime.write');
    const narrowed = await postForm(app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: connection.clientId,
      refresh_token: connection.refreshToken,
      scope: 'humantime.read',
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    expect(narrowed.body.scope).toBe('humantime.read');
    const client = await httpMcpClient(app.url, narrowed.body.access_token);
    try {
      expect((await callOk(client, 'list_humans', {})).data).toEqual(expect.any(Array));
      expect(textOf(await call(client, 'create_human', HUMAN))).toMatch(/^INSUFFICIENT_SCOPE: /);
    } finally {
      await client.close();
    }
    const again = await refresh(connection.clientId, narrowed.body.refresh_token);
    expect(again.status, again.text).toBe(200);
    expect(again.body.scope).toBe('humantime.read humantime.write');
  });

  it('rotates refresh tokens; presenting a used one revokes the whole grant', async () => {
    const connection = await connectApp(app, user);
    const next = await refresh(connection.clientId, connection.refreshToken);
    expect(next.status, next.text).toBe(200);
    expect(next.body.refresh_token).not.toBe(connection.refreshToken);
    expect((await mcpStatus(app, next.body.access_token)).status).toBe(200);
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(200);

    const reused = await refresh(connection.clientId, connection.refreshToken);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    for (const token of [connection.accessToken, next.body.access_token]) expect((await mcpStatus(app, token)).status).toBe(401);
    expect((await refresh(connection.clientId, next.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client or for another resource', async () => {
    const connection = await connectApp(app, user);
    const stranger = await newClient(app);
    expect((await refresh(stranger, connection.refreshToken)).body.error).toBe('invalid_grant');
    // A stranger's attempt leaves the token unused: its own client's refresh works, no replay.
    expect((await refresh(connection.clientId, connection.refreshToken)).status).toBe(200);
    const again = await connectApp(app, user);
    const wrong = await postForm(app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: again.clientId,
      refresh_token: again.refreshToken,
      resource: 'https://elsewhere.example.com/mcp',
    });
    expect(wrong.body.error).toBe('invalid_target');
    expect((await refresh(again.clientId, again.refreshToken)).status).toBe(200);
  });

  it('refuses to refresh a connection made when the service had another PUBLIC_URL: invalid_grant, connect again', async () => {
    const connection = await connectApp(app, user);
    // As if made under https://old.example.com: its tokens are for a resource no longer this one.
    await app.database.store.db.$executeRaw`UPDATE oauth_grants SET resource = 'https://old.example.com/mcp'
      WHERE client_id = ${connection.clientId}`;
    const moved = await refresh(connection.clientId, connection.refreshToken);
    expect([moved.status, moved.body.error]).toEqual([400, 'invalid_grant']);
    expect(moved.body.error_description).toBe(
      `This connection was made for https://old.example.com/mcp; the service is now at ${app.url}/mcp. Connect the app again.`,
    );
  });

  it('revokes an access token alone, and a refresh token with its grant (RFC 7009)', async () => {
    const connection = await connectApp(app, user);
    const revoke = (token: string) => postForm(app, '/oauth/revoke', { client_id: connection.clientId, token });
    expect((await revoke(connection.accessToken)).status).toBe(200);
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(401);
    const next = await refresh(connection.clientId, connection.refreshToken);
    expect(next.status).toBe(200);
    expect((await revoke(next.body.refresh_token)).status).toBe(200);
    expect((await mcpStatus(app, next.body.access_token)).status).toBe(401);
    expect((await revoke('hto_at_unknown')).status).toBe(200);
  });

  it('lists the connection in Connected apps; Disconnect makes its tokens 401', async () => {
    const connection = await connectApp(app, user);
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(200);
    const listed = await user.call('GET', '/connected-apps');
    expect(listed.status).toBe(200);
    const row = listed.body.data.find((r: { client_id: string }) => r.client_id === connection.clientId);
    expect(row).toMatchObject({
      client_name: 'Test Agent',
      redirect_host: '127.0.0.1:43210',
      scopes: ['humantime.read', 'humantime.write'],
      allowed_by: user.email,
      last_used_at: expect.any(String),
    });
    const other = await signUp(app, undefined, 'Stranger Co');
    expect((await other.call('DELETE', `/connected-apps/${row.id}`)).status).toBe(404);
    // An id that could name none answers as an unknown one does.
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const gone = await user.call('DELETE', `/connected-apps/${id}`);
      expect([gone.status, gone.body.error.message], id).toEqual([404, 'Connected app not found.']);
    }
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(200);
    expect((await user.call('DELETE', `/connected-apps/${row.id}`)).status).toBe(204);
    expect((await mcpStatus(app, connection.accessToken)).status).toBe(401);
    expect((await refresh(connection.clientId, connection.refreshToken)).body.error).toBe('invalid_grant');
    expect((await user.call('GET', '/connected-apps')).body.data.map((r: { id: string }) => r.id)).not.toContain(row.id);
  });

  it('access tokens die after an hour; removing the account that allowed an app revokes it', async () => {
    const connection = await connectApp(app, user);
    app.clock.now = new Date(Date.now() + 3_601_000);
    try {
      expect((await mcpStatus(app, connection.accessToken)).status).toBe(401);
      expect((await refresh(connection.clientId, connection.refreshToken)).status).toBe(200);
    } finally {
      app.clock.now = undefined;
    }
    const leaver = await signUp(app, undefined, 'Leaver Co');
    const theirs = await connectApp(app, leaver);
    await app.database.store.db.$executeRaw`DELETE FROM accounts WHERE email = ${leaver.email}`;
    expect((await mcpStatus(app, theirs.accessToken)).status).toBe(401);
  });
});

describe('clients', () => {
  it('a registered client nobody connected expires after a day', async () => {
    const clientId = await newClient(app);
    app.clock.now = new Date(Date.now() + 25 * 3_600_000);
    try {
      const res = await getManual(app, authorizePath(authorizeQuery(app, { client_id: clientId, code_challenge: pkce().challenge })));
      expect(res.status).toBe(400);
      expect(res.text).toContain('not known');
    } finally {
      app.clock.now = undefined;
    }
  });

  it('a client ID metadata document names the app; a document that does not name itself is refused', async () => {
    const clientId = `${documentsUrl}/agent.json`;
    served.set('/agent.json', {
      client_id: clientId,
      client_name: 'Document Agent',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const { verifier, challenge } = pkce();
    const query = authorizeQuery(app, { client_id: clientId, code_challenge: challenge });
    const shown = await user.call('GET', `/oauth/authorization?${new URLSearchParams(query).toString()}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.client).toMatchObject({ client_id: clientId, name: 'Document Agent' });
    const back = await consent(app, user, query);
    const tokens = await postForm(app, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
    });
    expect(tokens.status, tokens.text).toBe(200);

    const liar = `${documentsUrl}/liar.json`;
    served.set('/liar.json', { client_id: 'https://someone-else.example.com/agent.json', redirect_uris: [REDIRECT_URI] });
    const refused = await getManual(app, authorizePath(authorizeQuery(app, { client_id: liar, code_challenge: challenge })));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('does not name its own URL');
    const missing = await getManual(
      app,
      authorizePath(authorizeQuery(app, { client_id: `${documentsUrl}/missing.json`, code_challenge: challenge })),
    );
    expect(missing.status).toBe(400);
  });
});

function nextDate(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
}
