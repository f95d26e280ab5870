import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-store.js';
import { API_DIR, childEnv, freePort, run, runToEnd, startServer, waitFor, type Child } from './spawn.js';

// `pnpm start` and `pnpm worker` run plain node on the bundles in dist/ (tsup). This starts
// the built server exactly so, on a fresh embedded data directory, and walks the paths that
// only break once bundled: migrations read from disk, the generated Prisma client and its
// query compiler, PGlite's wasm, the slot engine. turbo's test task builds dist/ first.

const SERVER = 'dist/server.js';
const WORKER = 'dist/worker.js';

let dataDir: string;
let url: string;
let server: Child | undefined;

beforeAll(async () => {
  if (!existsSync(path.join(API_DIR, SERVER))) {
    throw new Error(`${SERVER} is missing: run \`pnpm --filter @humantime/api build\` (pnpm test does it first)`);
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'humantime-compiled-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(childEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }), port, 50_000, SERVER);
}, 60_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the built server (node dist/server.js)', () => {
  it('answers /healthz, and /readyz once the migrations it read from disk are applied', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('serves the API end to end: an organization, a human and its slots', async () => {
    const adminToken = (await readFile(path.join(dataDir, 'admin-token'), 'utf8')).trim();
    const post = async (p: string, token: string, body: unknown) =>
      fetch(url + p, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const org = await post('/admin/v1/organizations', adminToken, { name: 'Compiled', plan: 'free' });
    expect(org.status).toBe(201);
    const { api_key: key } = (await org.json()) as { api_key: string };
    const human = await post('/v1/humans', key, {
      name: 'Ada',
      timezone: 'Europe/Paris',
      availability: { working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
    });
    expect(human.status).toBe(201);
    const { id } = (await human.json()) as { id: string };
    const slots = await fetch(`${url}/v1/humans/${id}/slots?date_from=2030-01-07&date_to=2030-01-07&duration=30`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(slots.status).toBe(200);
    expect(((await slots.json()) as { slots: unknown[] }).slots).toHaveLength(16);
    // Plain-English windows: chrono-node, bundled with the slot engine.
    const when = await fetch(`${url}/v1/humans/${id}/slots?when=${encodeURIComponent('next Tuesday afternoon')}&duration=30`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(when.status).toBe(200);
    expect(((await when.json()) as { interpreted_as: { from_time: string } }).interpreted_as.from_time).toBe('12:00');
  });

  it('loads what it loads only on first use: the OAuth handlers (register, token, revoke) and the MCP endpoint', async () => {
    const registered = await fetch(`${url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Compiled Agent', redirect_uris: ['http://127.0.0.1:9/callback'] }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const token = await fetch(`${url}/oauth/token`, form({ grant_type: 'refresh_token', refresh_token: 'rt_unknown', client_id }));
    expect([token.status, ((await token.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
    expect((await fetch(`${url}/oauth/revoke`, form({ token: 'rt_unknown', client_id }))).status).toBe(200);
    const mcp = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('logs JSON lines, with no TypeScript loader in the process', async () => {
    // Log lines are written in batches at least every 200 ms (src/lib/logger.ts): wait for it.
    await waitFor('the listening line', () => server!.stdout.includes('"msg":"humantime API listening"') || undefined);
    expect(server!.process.spawnargs).toEqual([process.execPath, SERVER]);
  });
});

describe('the built worker (node dist/worker.js)', () => {
  it('loads, and refuses the embedded store with the reason', async () => {
    const { code, stderr } = await runToEnd(WORKER, [], childEnv({}));
    expect(code).toBe(1);
    expect(stderr).toContain('pnpm worker needs DATABASE_URL');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('runs against a PostgreSQL server', async () => {
    const database = await createTestDatabase('postgres');
    const worker = run(WORKER, [], childEnv({ DATABASE_URL: database.url!, LOG_LEVEL: 'info' }));
    try {
      await waitFor('the worker running', () => worker.stdout.includes('humantime delivery worker running') || undefined, 30_000);
    } finally {
      worker.process.kill('SIGTERM');
      await worker.exited;
      await database.drop();
    }
  });
});
