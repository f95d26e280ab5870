import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Answer, type Receiver } from '../webhook-receiver.js';
import { childEnv, freePort, startServer, waitFor, type Child } from './spawn.js';
import { apiClient } from './webhook-client.js';

// The outbox survives kill -9: the real server on the embedded store, killed with
// deliveries pending, restarted on the same DATA_DIR, delivers everything, and nothing
// twice to a receiver that answered 2xx (counted by X-Service-Delivery-Id).
const ADMIN_TOKEN = 'durability-admin-token-0123456789';
const BOOKINGS = 10;

// One data directory and port for the file (a fresh embedded store takes seconds to
// create); each test kills and restarts the server on it.
let dataDir: string;
let port: number;
let current: Child;
const children: Child[] = [];
const receivers: Receiver[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'humantime-webhooks-'));
  port = await freePort();
  current = await server();
}, 60_000);
afterAll(async () => {
  for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
  await Promise.all(receivers.map((r) => r.close().catch(() => {})));
  await rm(dataDir, { recursive: true, force: true });
});

async function server() {
  const env = childEnv({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_DELAYS: '3s,3s',
    LOG_LEVEL: 'silent',
  });
  const child = await startServer(env, port);
  children.push(child);
  return child;
}

async function kill9(child: Child) {
  child.process.kill('SIGKILL');
  await child.exited;
}

async function receiverOn(port: number, answer: (n: number) => Answer) {
  const r = await startReceiver((_req, n) => answer(n), port);
  receivers.push(r);
  return r;
}

function expectExactlyOnce(receiver: Receiver, deliveryIds: string[]) {
  expect([...receiver.answered2xx.keys()].sort()).toEqual([...deliveryIds].sort());
  expect([...receiver.answered2xx.values()].every((n) => n === 1)).toBe(true);
}

describe('webhook deliveries across kill -9', () => {
  it('retries deliveries that failed while the receiver was down, after a kill -9 and restart', async () => {
    const hookPort = await freePort(); // nothing listens yet: connection refused
    const api = apiClient(`http://127.0.0.1:${port}`, ADMIN_TOKEN);
    const org = await api.orgWithWebhook(`http://127.0.0.1:${hookPort}/hook`);
    const bookingIds: string[] = [];
    for (let i = 0; i < BOOKINGS; i++) bookingIds.push((await api.book(org.key, org.humanId, i)).id);
    const failed = await waitFor('a refused first attempt for every delivery', async () => {
      const log = await api.deliveries(org.key, org.webhookId);
      return log.length === BOOKINGS && log.every((d) => d.status === 'pending' && d.attempts.length >= 1) ? log : undefined;
    });
    expect(failed[0]!.attempts[0]!.error).toBe('connection refused');
    await kill9(current);

    const receiver = await receiverOn(hookPort, () => 200);
    current = await server();
    await receiver.waitFor('every delivery', () => receiver.answered2xx.size === BOOKINGS, 20_000);
    const log = await waitFor('all delivered in the log', async () => {
      const d = await api.deliveries(org.key, org.webhookId);
      return d.every((x) => x.status === 'delivered') ? d : undefined;
    });
    expectExactlyOnce(
      receiver,
      log.map((d) => d.id),
    );
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).data.id))).toEqual(new Set(bookingIds));
  }, 90_000);

  it('sends again, at once after restart, attempts that were in flight when the process was killed', async () => {
    const hookPort = await freePort();
    const api = apiClient(`http://127.0.0.1:${port}`, ADMIN_TOKEN);
    // Holds every request open until the process dies: no 2xx before the kill.
    let answer: Answer = 'hang';
    const receiver = await receiverOn(hookPort, () => answer);
    const org = await api.orgWithWebhook(`http://127.0.0.1:${hookPort}/hook`);
    for (let i = 0; i < BOOKINGS; i++) await api.book(org.key, org.humanId, i);
    await receiver.waitFor('every delivery in flight', () => receiver.received.length === BOOKINGS);
    await kill9(current); // right after the commits, attempts in flight and unrecorded
    expect(receiver.answered2xx.size).toBe(0);

    answer = 200;
    const restartedAt = Date.now();
    current = await server();
    // Leases left by the killed process are released at start (one process per embedded
    // store), so this does not wait for them to expire (timeout + 20 s).
    await receiver.waitFor('every delivery again', () => receiver.answered2xx.size === BOOKINGS, 15_000);
    expect(Date.now() - restartedAt).toBeLessThan(15_000);
    const log = await waitFor('all delivered in the log', async () => {
      const d = await api.deliveries(org.key, org.webhookId);
      return d.every((x) => x.status === 'delivered') ? d : undefined;
    });
    expectExactlyOnce(
      receiver,
      log.map((d) => d.id),
    );
    // The killed attempt left no record: attempt 1 is the one that succeeded.
    expect(log.every((d) => d.attempts.length === 1 && d.attempts[0]!.status_code === 200)).toBe(true);
  }, 90_000);
});
