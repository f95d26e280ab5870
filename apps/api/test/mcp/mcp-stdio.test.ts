import { createRequire } from 'node:module';
import path from 'node:path';
import { TOOL_NAMES } from '@humantime/mcp';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-app.js';
import { tokyoScenario } from './agent-scenario.js';
import { call, connect, textOf } from './mcp-client.js';

// The built `humantime-mcp` bin, spawned the way an MCP client (Claude Desktop, an IDE)
// spawns it: a child process speaking MCP on stdio, configured by environment only.

const require = createRequire(import.meta.url);
const BIN = path.join(path.dirname(require.resolve('@humantime/mcp/package.json')), 'dist', 'bin.js');

let app: TestApp;
let client: Client;
let stderr = '';

function spawnBin(env: Record<string, string>) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return transport;
}

beforeAll(async () => {
  app = await startTestApp();
  const org = await app.createOrg('free');
  client = await connect(spawnBin({ HUMANTIME_API_KEY: org.key, HUMANTIME_URL: app.url, PATH: process.env.PATH ?? '' }));
});
afterAll(async () => {
  await client?.close();
  await app.close();
});

describe('humantime-mcp over stdio', () => {
  it('serves the tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(client.getInstructions()).toContain('never convert zones');
  });

  it('runs the agent scenario: Tokyo, next Tuesday afternoon, book the first slot', async () => {
    const { steps } = await tokyoScenario(client);
    expect(steps).toHaveLength(2);
    // The key never reaches the logs.
    expect(stderr).toContain('serving');
    expect(stderr).not.toContain('sk_live_');
  });

  it('refuses with the stable code, e.g. NOT_FOUND', async () => {
    const result = await call(client, 'get_human', { human_id: '00000000-0000-4000-8000-000000000000' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^NOT_FOUND: /);
  });

  it('with a bad key, every call is refused UNAUTHORIZED', async () => {
    const bad = await connect(
      spawnBin({ HUMANTIME_API_KEY: 'sk_live_wrongwrongwrongwrongwrongwrongwrong', HUMANTIME_URL: app.url, PATH: process.env.PATH ?? '' }),
    );
    try {
      const result = await call(bad, 'list_humans');
      expect(textOf(result)).toMatch(/^UNAUTHORIZED: /);
    } finally {
      await bad.close();
    }
  });
});
