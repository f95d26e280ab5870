import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, freePort, jsonLines, runToEnd, startServer, waitFor, type Child } from './spawn.js';

// The real server process on the embedded store, as `pnpm start` runs it, and the real
// `pnpm admin` CLI against it. Embedded only: vitest.config.ts keeps test/process out of
// the postgres project. The tests share one server and run in order.

let dataDir: string;
let port: number;
let url: string;
let server: Child;
let adminToken: string;
let org: { organization_id: string; api_key: string };
type Page = { data: Array<{ name: string }> };
/** Every secret handed out while this file runs; none may reach a log. */
const secrets: string[] = [];
/** Output of every server process started here, for the log checks. */
const outputs: Child[] = [];

// Private addresses are allowed so that a calendar can be served from this test's own loopback server.
const serverEnv = () => childEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
const cli = (args: string[], extra: Record<string, string> = {}) =>
  runToEnd('src/cli/admin.ts', args, childEnv({ HUMANTIME_URL: url, DATA_DIR: dataDir, ...extra }));
const api = (p: string, init: RequestInit = {}, key = org.api_key) =>
  fetch(url + p, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'humantime-ops-'));
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(serverEnv(), port);
  outputs.push(server);
}, 60_000);

afterAll(async () => {
  for (const child of outputs) if (child.process.exitCode === null) child.process.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('first start on an empty data directory', () => {
  it('prints the generated admin token once on stderr and keeps it in DATA_DIR/admin-token, mode 0600', async () => {
    const file = path.join(dataDir, 'admin-token');
    adminToken = (await readFile(file, 'utf8')).trim();
    expect(adminToken.length).toBeGreaterThanOrEqual(32);
    secrets.push(adminToken);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(server.stderr.split(adminToken)).toHaveLength(2);
    expect(server.stdout).not.toContain(adminToken);
    // Another data directory than the default: the CLI finds the token there only when told.
    expect(server.stderr).toContain(`\`pnpm admin\` reads it from there when run with DATA_DIR=${dataDir} too`);
  });

  it('answers /healthz and /readyz without auth', async () => {
    const health = await fetch(`${url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('refuses a second process on the same DATA_DIR, and a bad PORT, with exit 1 and a clear message', async () => {
    const [second, badConfig] = await Promise.all([
      runToEnd('src/server.ts', [], childEnv({ PORT: String(await freePort()), DATA_DIR: dataDir })),
      runToEnd('src/server.ts', [], childEnv({ PORT: 'abc', DATA_DIR: path.join(dataDir, 'never') })),
    ]);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by process ${server.process.pid}`);
    expect(second.stderr).toContain(dataDir);
    expect(badConfig.code).toBe(1);
    expect(badConfig.stderr).toMatch(/PORT/);
    // The first server is unharmed and still holds the lock.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await readFile(path.join(dataDir, 'humantime.pid'), 'utf8')).trim()).toBe(String(server.process.pid));
  });
});

describe('pnpm admin', () => {
  it('create-org prints exactly one JSON object {organization_id, api_key}, with the token from DATA_DIR', async () => {
    const res = await cli(['create-org', '--name', 'Acme', '--plan', 'starter', '--auto-purchase']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.endsWith('\n')).toBe(true);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    org = JSON.parse(res.stdout);
    expect(Object.keys(org).sort()).toEqual(['api_key', 'organization_id']);
    expect(org.api_key).toMatch(/^sk_live_[0-9A-Za-z]{32,}$/);
    secrets.push(org.api_key);
    const got = await api(`/admin/v1/organizations/${org.organization_id}`, {}, adminToken);
    expect(await got.json()).toMatchObject({ name: 'Acme', plan: 'starter', auto_purchase: true });
    expect((await api('/v1/humans')).status).toBe(200);
  });

  it('--help (and no command) print the usage and exit 0', async () => {
    const [help, bare] = await Promise.all([cli(['--help']), cli([])]);
    for (const res of [help, bare]) {
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(/create-org/);
      expect(res.stdout).toMatch(/rotate-key/);
    }
  });

  it('rotate-key, set-plan and auto-purchase each print one JSON object', async () => {
    const oldKey = org.api_key;
    const [rotated, plan, purchase] = await Promise.all([
      cli(['rotate-key', '--org', org.organization_id]),
      cli(['set-plan', '--org', org.organization_id, '--plan', 'growth']),
      cli(['auto-purchase', '--org', org.organization_id, 'off']),
    ]);
    for (const res of [rotated, plan, purchase]) {
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout.trim().split('\n')).toHaveLength(1);
    }
    const fresh = JSON.parse(rotated.stdout);
    expect(fresh).toEqual({ organization_id: org.organization_id, api_key: expect.stringMatching(/^sk_live_/) });
    expect(JSON.parse(plan.stdout)).toMatchObject({ organization_id: org.organization_id, plan: 'growth' });
    expect(JSON.parse(purchase.stdout)).toMatchObject({ organization_id: org.organization_id, auto_purchase: false });
    org = fresh;
    secrets.push(org.api_key);
    expect((await api('/v1/humans', {}, oldKey)).status).toBe(401);
    expect((await api('/v1/humans')).status).toBe(200);
  });

  it('invite prints a one-time dashboard link that sets a password and signs in', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const res = await cli(['invite', '--org', org.organization_id, '--email', email]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(1);
    const invite = JSON.parse(res.stdout);
    expect(invite).toEqual({
      organization_id: org.organization_id,
      email,
      role: 'owner',
      invite_url: expect.stringMatching(new RegExp(`^${url}/dashboard/accept-invite#token=[A-Za-z0-9_-]{43}$`)),
      expires_at: expect.stringMatching(/Z$/),
    });
    const token = invite.invite_url.split('#token=')[1];
    secrets.push(token);
    // The link is the service's (PUBLIC_URL), not the address the operator reached it at.
    const viaLocalhost = await cli(['invite', '--org', org.organization_id, '--email', `other-${email}`], {
      HUMANTIME_URL: `http://localhost:${port}`,
    });
    expect(JSON.parse(viaLocalhost.stdout).invite_url.startsWith(`${url}/dashboard/accept-invite#token=`)).toBe(true);
    secrets.push(JSON.parse(viaLocalhost.stdout).invite_url.split('#token=')[1]);
    const accept = () =>
      fetch(`${url}/dashboard/api/invites/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ token, password: 'a long enough password' }),
      });
    const first = await accept();
    expect(first.status).toBe(200);
    expect(((await first.json()) as { organization: { organization_id: string } }).organization.organization_id).toBe(org.organization_id);
    expect(first.headers.get('set-cookie')).toMatch(/^humantime_session=/);
    secrets.push(first.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!);
    expect((await accept()).status).toBe(404);
    const missingEmail = await cli(['invite', '--org', org.organization_id]);
    expect(missingEmail.code).toBe(1);
    expect(JSON.parse(missingEmail.stderr.trim().split('\n').at(-1)!).error.code).toBe('USAGE');
    const member = await cli(['invite', '--org', org.organization_id, '--email', `member-${email}`, '--role', 'member']);
    expect(member.code, member.stderr).toBe(0);
    expect(JSON.parse(member.stdout).role).toBe('member');
    secrets.push(JSON.parse(member.stdout).invite_url.split('#token=')[1]);
    const badRole = await cli(['invite', '--org', org.organization_id, '--email', email, '--role', 'admin']);
    expect(badRole.code).toBe(1);
    expect(JSON.parse(badRole.stderr.trim().split('\n').at(-1)!).error.code).toBe('USAGE');
  });

  it('exits 1 with the error envelope on stderr for an unknown org, a wrong token, a bad flag or no service', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const [missing, wrongToken, badPlan, unreachable] = await Promise.all([
      cli(['set-plan', '--org', unknown, '--plan', 'free']),
      cli(['rotate-key', '--org', org.organization_id], { ADMIN_TOKEN: 'not-the-admin-token-at-all' }),
      cli(['set-plan', '--org', org.organization_id, '--plan', 'platinum']),
      cli(['create-org', '--name', 'X', '--plan', 'free'], { HUMANTIME_URL: `http://127.0.0.1:${await freePort()}` }),
    ]);
    const codes: Array<[typeof missing, string]> = [
      [missing, 'NOT_FOUND'],
      [wrongToken, 'UNAUTHORIZED'],
      [badPlan, 'USAGE'],
      [unreachable, 'UNREACHABLE'],
    ];
    for (const [res, code] of codes) {
      expect(res.code, code).toBe(1);
      expect(res.stdout, code).toBe('');
      const last = res.stderr.trim().split('\n').at(-1)!;
      expect(JSON.parse(last).error.code, res.stderr).toBe(code);
    }
    expect(wrongToken.stderr).toContain('The admin token sent came from ADMIN_TOKEN.');
    const noToken = await cli(['rotate-key', '--org', org.organization_id], { DATA_DIR: path.join(dataDir, 'elsewhere') });
    expect(noToken.stderr).toContain(
      `came from nowhere (ADMIN_TOKEN is unset and there is no ${path.join(dataDir, 'elsewhere', 'admin-token')})`,
    );
    // The wrong token did not rotate anything.
    expect((await api('/v1/humans')).status).toBe(200);
  });
});

describe('request logs', () => {
  it('are one JSON line per request with method, path, status, duration_ms, request_id, organization_id, and no secrets', async () => {
    // Secrets sent where they do not belong (the query) are refused by name, never echoed or logged.
    const res = await api(`/v1/humans?api_key=${org.api_key}&token=${adminToken}`, { headers: { 'x-request-id': 'ops-log-probe' } });
    expect(res.status).toBe(422);
    const refusal = await res.text();
    expect(refusal).toContain('api_key: unknown query parameter');
    for (const secret of [org.api_key, adminToken]) expect(refusal).not.toContain(secret);
    expect(res.headers.get('x-request-id')).toBe('ops-log-probe');
    await api('/v1/humans', {}, 'sk_live_not-a-real-key-but-logged-nowhere');
    const line = await waitFor('the request log line', () => jsonLines(server.stdout).find((l) => l.request_id === 'ops-log-probe'));
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/v1/humans', status: 422, organization_id: org.organization_id });
    expect(typeof line.duration_ms).toBe('number');
    const requests = jsonLines(server.stdout).filter((l) => l.msg === 'request');
    expect(requests.length).toBeGreaterThan(3);
    for (const entry of requests) {
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining(['method', 'path', 'status', 'duration_ms', 'request_id', 'organization_id']),
      );
    }
    for (const secret of [...secrets, 'not-a-real-key']) expect(server.stdout).not.toContain(secret);
  });
});

// Restarts reopen the embedded database; give them room on a loaded machine.
describe('calendars', () => {
  it("keep a generated secrets key in DATA_DIR (mode 0600), and never log a calendar's address or credentials", async () => {
    expect((await stat(path.join(dataDir, 'secrets-key'))).mode & 0o777).toBe(0o600);
    let status = 200;
    const feed = createServer((req, res) => {
      const ok = req.headers.authorization === `Basic ${Buffer.from('ada:s3cret-calendar-pass').toString('base64')}`;
      if (!ok) return void res.writeHead(401).end();
      if (status !== 200) return void res.writeHead(status).end();
      res.writeHead(200, { 'Content-Type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nEND:VCALENDAR\r\n');
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    try {
      const feedPort = (feed.address() as AddressInfo).port;
      secrets.push('s3cret-calendar-pass', 'private-f00d-feed-path');
      const human = (await (
        await api('/v1/humans', { method: 'POST', body: JSON.stringify({ name: 'Calendar owner', timezone: 'UTC' }) })
      ).json()) as { id: string };
      const url = `http://ada:s3cret-calendar-pass@127.0.0.1:${feedPort}/private-f00d-feed-path/basic.ics`;
      const connected = await api(`/v1/humans/${human.id}/calendars`, { method: 'POST', body: JSON.stringify({ url }) });
      expect(connected.status, await connected.clone().text()).toBe(201);
      const calendar = (await connected.json()) as { id: string };
      status = 500;
      const failed = await api(`/v1/humans/${human.id}/calendars/${calendar.id}/sync`, { method: 'POST' });
      expect(((await failed.json()) as { status: string }).status).toBe('error');
      expect((await api(`/v1/humans/${human.id}`, { method: 'DELETE' })).status).toBe(204);
      // (The final test of this file reads every process's output for every secret.)
    } finally {
      await new Promise((resolve) => feed.close(resolve));
    }
  });
});

describe('shutdown and restart', { timeout: 60_000 }, () => {
  it('SIGTERM: stops accepting, finishes the in-flight request, logs "stopped" and exits 0', async () => {
    const body = JSON.stringify({ name: 'In flight at shutdown', timezone: 'UTC' });
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (response += chunk));
    await new Promise((resolve) => socket.once('connect', resolve));
    // Headers and half the body now; the server is left waiting for the rest.
    socket.write(
      `POST /v1/humans HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${org.api_key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 12)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    server.process.kill('SIGTERM');
    await waitFor('the shutdown log', () => server.stdout.includes('shutting down') || undefined);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    socket.write(body.slice(12));
    await waitFor('the in-flight response', () => (response.includes('"id"') ? response : undefined));
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    // The response still offers keep-alive, so the server would wait out its keep-alive
    // timeout (5 s) for this socket; a client done with it hangs up, as we do here.
    const started = Date.now();
    socket.end();
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(jsonLines(server.stdout).at(-1)).toMatchObject({ msg: 'stopped' });
    await expect(stat(path.join(dataDir, 'humantime.pid'))).rejects.toThrow();
  });

  it('restarts on the same DATA_DIR with the data and without printing a new token', async () => {
    server = await startServer(serverEnv(), port);
    outputs.push(server);
    expect(server.stderr).not.toContain('Admin token');
    expect(server.stderr).not.toContain(adminToken);
    expect((await readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim()).toBe(adminToken);
    const list = await api('/v1/humans');
    expect(list.status).toBe(200);
    expect(((await list.json()) as Page).data.map((h: { name: string }) => h.name)).toEqual(['In flight at shutdown']);
    const got = await api(`/admin/v1/organizations/${org.organization_id}`, {}, adminToken);
    expect(await got.json()).toMatchObject({ plan: 'growth', auto_purchase: false });
  });

  it('takes over the lock of a killed process (kill -9) and still has the data', async () => {
    const created = await api('/v1/humans', { method: 'POST', body: JSON.stringify({ name: 'Before the crash', timezone: 'UTC' }) });
    expect(created.status).toBe(201);
    server.process.kill('SIGKILL');
    await server.exited;
    expect((await readFile(path.join(dataDir, 'humantime.pid'), 'utf8')).trim()).toBe(String(server.process.pid));
    server = await startServer(serverEnv(), port);
    outputs.push(server);
    const names = ((await (await api('/v1/humans')).json()) as Page).data.map((h: { name: string }) => h.name);
    expect(names).toEqual(['Before the crash', 'In flight at shutdown']);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The admin token is printed once, on the first start's stderr; nothing else ever shows a secret.
    for (const child of outputs) {
      for (const secret of secrets) expect(child.stdout).not.toContain(secret);
      for (const key of secrets.slice(1)) expect(child.stderr).not.toContain(key);
    }
  });
});
