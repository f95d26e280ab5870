import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { childEnv, freePort, jsonLines, startServer, type Child } from '../process/spawn.js';
import { createTestDatabase, type TestDatabase } from '../test-store.js';
import { slotAt } from '../webhook-fixtures.js';
import { startReceiver, type Receiver } from '../webhook-receiver.js';

// The pgbouncer project only: `pnpm start` as deployed behind PgBouncer in transaction mode
// (DATABASE_POOLER=transaction), with and without a direct URL for LISTEN. Migrations, named
// statements, advisory locks and the startup settings all go through the pooler.
const ADMIN = 'pgbouncer-admin-token-0123456789';

let database: TestDatabase;
let receiver: Receiver;
const servers: Child[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  receiver = await startReceiver(() => 200);
});

afterAll(async () => {
  for (const s of servers) {
    if (s.process.exitCode !== null) continue;
    s.process.kill('SIGTERM');
    await s.exited;
  }
  await receiver.close();
  await database.drop();
});

async function start(direct: boolean) {
  const port = await freePort();
  const pooled = new URL(database.url!);
  const directUrl = new URL(process.env.TEST_DATABASE_URL!);
  directUrl.pathname = pooled.pathname;
  const server = await startServer(
    childEnv({
      DATABASE_URL: pooled.toString(),
      DATABASE_POOLER: 'transaction',
      ...(direct ? { DATABASE_DIRECT_URL: directUrl.toString() } : {}),
      PORT: String(port),
      ADMIN_TOKEN: ADMIN,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: 'info',
    }),
    port,
  );
  servers.push(server);
  return { url: `http://127.0.0.1:${port}`, server };
}

async function call(url: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('pnpm start behind PgBouncer (transaction pooling)', () => {
  it.each([
    ['with a direct URL for LISTEN', true],
    ['without one (the poll finds deliveries)', false],
  ])('books, delivers and serves the feed %s', async (_what, direct) => {
    expect(inject('pgbouncerUrl')).toContain('127.0.0.1');
    const { url, server } = await start(direct);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const org = await call(url, 'POST', '/admin/v1/organizations', ADMIN, { name: 'Pooled', plan: 'growth' });
    const key: string = org.body.api_key;
    const human = await call(url, 'POST', '/v1/humans', key, {
      name: 'Grace',
      timezone: 'Europe/Berlin',
      availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '08:00', work_end: '20:00', meeting_durations: [30] },
    });
    expect(human.status).toBe(201);
    const hook = await call(url, 'POST', '/v1/webhooks', key, {
      url: `${receiver.url}/${direct ? 'direct' : 'poll'}`,
      events: ['booking.confirmed'],
    });
    expect(hook.status).toBe(201);
    // Many at once: pooled connections lend their server connections to each other's statements.
    const booked = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(url, 'POST', '/v1/bookings', key, { human_id: human.body.id, starts_at: slotAt(i), duration: 30, attendee_name: 'Ada' }),
      ),
    );
    expect(booked.map((b) => b.status)).toEqual(Array(12).fill(201));
    // Local times are read in the human's zone and timestamps in UTC, whatever session the pooler lends.
    const slots = await call(url, 'GET', `/v1/humans/${human.body.id}/slots?date_from=2030-01-07&date_to=2030-01-07&duration=30`, key);
    expect(slots.status).toBe(200);
    expect(slots.body.slots[0].starts_at).toBe('2030-01-07T07:00:00Z');
    const ids = new Set(booked.map((b) => b.body.id));
    const path = `/${direct ? 'direct' : 'poll'}`;
    await receiver.waitFor(
      'every delivery',
      () => new Set(receiver.byPath(path).map((r) => JSON.parse(r.body).data.id)).size === 12,
      15_000,
    );
    const feed = await call(url, 'GET', '/v1/events?limit=100', key);
    expect(new Set(feed.body.data.map((e: { data: { id: string } }) => e.data.id))).toEqual(ids);
    const log = jsonLines(server.stdout);
    expect(log.some((l) => String(l.msg).includes('background jobs find work by polling alone'))).toBe(!direct);
    expect(log.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});
