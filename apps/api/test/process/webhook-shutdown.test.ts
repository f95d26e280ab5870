import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedStoreDir, openStore } from '../../src/db/open-store.js';
import { startReceiver, type Receiver } from '../webhook-receiver.js';
import { childEnv, freePort, runToEnd, startServer, type Child } from './spawn.js';
import { apiClient } from './webhook-client.js';

// SIGTERM with a delivery in flight: the attempt finishes and is recorded, then exit 0.
const ADMIN_TOKEN = 'shutdown-admin-token-0123456789';
const ANSWER_DELAY_MS = 1_000;

let dataDir: string;
let receiver: Receiver;
let server: Child | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'humantime-shutdown-'));
  receiver = await startReceiver(() => ({ status: 200, delayMs: ANSWER_DELAY_MS }));
});
afterAll(async () => {
  if (server?.process.exitCode === null) server.process.kill('SIGKILL');
  await receiver.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown of webhook delivery', () => {
  it('lets an attempt in flight finish and records it before exiting 0 on SIGTERM', async () => {
    const port = await freePort();
    const env = childEnv({ PORT: String(port), DATA_DIR: dataDir, ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'info' });
    server = await startServer(env, port);
    const api = apiClient(`http://127.0.0.1:${port}`, ADMIN_TOKEN);
    const org = await api.orgWithWebhook(`${receiver.url}/slow`);
    const booking = await api.book(org.key, org.humanId, 0);
    await receiver.waitFor('the attempt to arrive', () => receiver.received.length === 1);

    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // It waited for the answer (sent ANSWER_DELAY_MS after arrival) rather than dropping it.
    expect(receiver.answered2xx.size).toBe(1);
    expect(Date.now() - receiver.received[0]!.at).toBeGreaterThanOrEqual(ANSWER_DELAY_MS);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.stdout).toContain('"msg":"webhook delivery attempt"');
    expect(server.stdout).not.toContain(org.secret);

    const store = await openStore({ dataDir: embeddedStoreDir(dataDir) });
    try {
      const deliveries = await store.db.delivery.findMany({ include: { attempts: true, event: true } });
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ status: 'delivered', attemptCount: 1, lockedBy: null, event: { bookingId: booking.id } });
      expect(deliveries[0]!.attempts).toMatchObject([{ attempt: 1, statusCode: 200, error: null }]);
      expect(deliveries[0]!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(ANSWER_DELAY_MS - 50);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('pnpm worker', () => {
  it('refuses to run on the embedded store, saying it needs DATABASE_URL', async () => {
    const res = await runToEnd('src/worker.ts', [], childEnv({ DATA_DIR: dataDir }));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL');
    expect(res.stderr).toContain('one process only');
  });
});
