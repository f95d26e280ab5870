import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DIR, childEnv, freePort, runToEnd, startServer, type Child } from './spawn.js';

// packages/sdk/examples/agent.ts, the SDK's end-to-end example, against the real server on
// the embedded store: what a new user would run first.
const AGENT = path.resolve(API_DIR, '..', '..', 'packages', 'sdk', 'examples', 'agent.ts');
const ADMIN = 'example-agent-admin-token-0123';
let dataDir: string;
let server: Child;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'humantime-agent-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startServer(childEnv({ DATA_DIR: dataDir, PORT: String(port), ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'silent' }), port);
});

afterAll(async () => {
  server?.process.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the SDK example agent against a live server', () => {
  it('creates a human, books the first open slot, cancels it and verifies a webhook', async () => {
    const org = await fetch(`${url}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Agent Co', plan: 'free' }),
    }).then((r) => r.json() as Promise<{ api_key: string }>);

    const result = await runToEnd(AGENT, [], childEnv({ HUMANTIME_URL: url, HUMANTIME_API_KEY: org.api_key }));
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toMatch(/created human/);
    expect(result.stdout).toMatch(/booked/i);
    expect(result.stdout).toMatch(/cancel/i);
    expect(result.stdout).toMatch(/verif/i);

    // The agent's work is really in the server: one booking, now cancelled.
    const bookings = await fetch(`${url}/v1/bookings`, { headers: { authorization: `Bearer ${org.api_key}` } }).then(
      (r) => r.json() as Promise<{ data: { status: string }[] }>,
    );
    expect(bookings.data.map((b) => b.status)).toEqual(['cancelled']);
  });
});
