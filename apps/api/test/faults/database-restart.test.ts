import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotAt } from '../webhook-fixtures.js';
import { childEnv, freePort, jsonLines, run, startServer, waitFor, type Child } from '../process/spawn.js';
import { startReceiver, type Receiver } from '../webhook-receiver.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

// PostgreSQL only (vitest.config.ts). Two API processes and a `pnpm worker` on a PostgreSQL
// instance of the test's own, under light bookings-and-slots load; the instance is stopped with
// `pg_ctl -m immediate` (every connection cut, as a crash or a failover does) and started
// again. Nothing may exit, every request during the outage is answered quickly with a
// retryable 503 SERVICE_UNAVAILABLE, service comes back by itself, and nothing confirmed is lost.
// The ceilings are loose for CI's two shared cores; each can be set from the environment.
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 10_000);
/** Every answer, during the outage too, within this. */
const ANSWER_CEILING_MS = Number(process.env.FAULT_ANSWER_CEILING_MS ?? 2_000);
/** Requests sent this long after the database accepts connections again all succeed. */
const RECOVERY_CEILING_MS = Number(process.env.FAULT_RECOVERY_CEILING_MS ?? 5_000);
/** One booking and one slots query each this often, alternating between the two processes. */
const PACE_MS = 100;

const ADMIN = 'fault-test-admin-token-0123456789';

interface Outcome {
  sentAt: number;
  ms: number;
  kind: 'slots' | 'booking';
  process: number;
  status: number | 'no answer';
  code?: string;
  retryAfter?: string | null;
  idempotencyKey?: string;
  bookingId?: string;
}

let pg: PrivatePostgres;
let receiver: Receiver;
const apis: Child[] = [];
const urls: string[] = [];
let worker: Child;

async function call(url: string, method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  pg = await startPrivatePostgres();
  // Each answer takes a moment, so attempts are in flight when the database goes away: their
  // outcomes are written once it is back, and none is sent twice.
  receiver = await startReceiver(() => ({ status: 200, delayMs: 1_000 }));
  const common = { DATABASE_URL: pg.url, ADMIN_TOKEN: ADMIN, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', LOG_LEVEL: 'info' };
  // The first process applies the migrations before the second starts.
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push(await startServer(childEnv({ ...common, PORT: String(port), DELIVERY_WORKER: 'off' }), port));
    urls.push(`http://127.0.0.1:${port}`);
  }
  // A short webhook timeout keeps the lease short: a claim whose answer the crash cut off is
  // claimed again when its lease lapses, well within the test's wait.
  worker = run('src/worker.ts', [], childEnv({ ...common, WEBHOOK_TIMEOUT_MS: '2000' }));
  await waitFor('the worker running', () => worker.stdout.includes('humantime delivery worker running') || undefined, 30_000);
}, 120_000);

afterAll(async () => {
  for (const child of [...apis, worker]) {
    if (child && child.process.exitCode === null) {
      child.process.kill('SIGTERM');
      await child.exited;
    }
  }
  await receiver?.close();
  await pg?.destroy();
});

describe('a database restart under load', () => {
  it('keeps every process alive, answers 503 SERVICE_UNAVAILABLE meanwhile, recovers by itself and loses nothing', async () => {
    const org = await call(urls[0]!, 'POST', '/admin/v1/organizations', ADMIN, { name: 'Faults', plan: 'growth' });
    expect(org.status).toBe(201);
    const key: string = org.body.api_key;
    const human = await call(urls[0]!, 'POST', '/v1/humans', key, {
      name: 'Grace',
      timezone: 'UTC',
      availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30] },
    });
    expect(human.status).toBe(201);
    const humanId: string = human.body.id;
    const webhook = await call(urls[1]!, 'POST', '/v1/webhooks', key, { url: `${receiver.url}/hook`, events: ['booking.confirmed'] });
    expect(webhook.status).toBe(201);

    const outcomes: Outcome[] = [];
    const inFlight = new Set<Promise<void>>();
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const send = (kind: Outcome['kind'], n: number) => {
      const p = n % 2;
      const sentAt = now();
      const idempotencyKey = `fault-${n}`;
      const request =
        kind === 'slots'
          ? call(urls[p]!, 'GET', `/v1/humans/${humanId}/slots?date_from=2030-01-07&date_to=2030-01-09&duration=30`, key)
          : call(
              urls[p]!,
              'POST',
              '/v1/bookings',
              key,
              { human_id: humanId, starts_at: slotAt(n), duration: 30, attendee_name: 'Ada' },
              { 'idempotency-key': idempotencyKey },
            );
      const done = request.then(
        (res) => {
          outcomes.push({
            sentAt,
            ms: now() - sentAt,
            kind,
            process: p,
            status: res.status,
            code: res.body?.error?.code,
            retryAfter: res.headers.get('retry-after'),
            ...(kind === 'booking' ? { idempotencyKey, bookingId: res.status === 201 ? res.body.id : undefined } : {}),
          });
        },
        () => {
          outcomes.push({
            sentAt,
            ms: now() - sentAt,
            kind,
            process: p,
            status: 'no answer',
            ...(kind === 'booking' ? { idempotencyKey } : {}),
          });
        },
      );
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    };
    let n = 0;
    const load = setInterval(() => {
      send('slots', n);
      send('booking', n);
      n++;
    }, PACE_MS);

    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sleep(3_000);
    const crashAt = now();
    await pg.crash();
    const downAt = now();
    // Meanwhile: /healthz says the process is up, /readyz that it cannot serve, /mcp refuses.
    await sleep(Math.min(1_000, OUTAGE_MS / 2));
    const probes = await Promise.all(
      urls.map(async (url) => ({
        healthz: (await fetch(`${url}/healthz`)).status,
        readyz: (await fetch(`${url}/readyz`)).status,
        mcp: await call(
          url,
          'POST',
          '/mcp',
          key,
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { accept: 'application/json, text/event-stream' },
        ),
        // The OAuth endpoints answer in OAuth's own form: temporarily_unavailable.
        token: await fetch(`${url}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'c',
            code_verifier: 'v'.repeat(43),
            client_id: 'some-client',
          }),
        }),
        register: await fetch(`${url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'] }),
        }),
        feed: (await fetch(`${url}/feeds/${'a'.repeat(43)}.ics`)).status,
        // A scrape still answers, with the counters and humantime_database_up 0.
        metrics: await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } }).then(async (r) => ({
          status: r.status,
          text: await r.text(),
        })),
      })),
    );
    await sleep(Math.max(0, OUTAGE_MS - (now() - downAt)));
    const startingAt = now();
    await pg.start();
    const upAt = now();
    await sleep(RECOVERY_CEILING_MS + 3_000);
    clearInterval(load);
    await Promise.all([...inFlight]);

    // Every process is still running.
    for (const child of [...apis, worker]) expect(child.process.exitCode).toBeNull();

    for (const probe of probes) {
      expect(probe.healthz).toBe(200);
      expect(probe.readyz).toBe(503);
      expect(probe.mcp.status).toBe(503);
      expect(probe.mcp.body.error.code).toBe('SERVICE_UNAVAILABLE');
      for (const oauth of [probe.token, probe.register]) {
        expect(oauth.status).toBe(503);
        expect(oauth.headers.get('retry-after')).toBe('1');
        expect(await oauth.json()).toMatchObject({ error: 'temporarily_unavailable' });
      }
      expect(probe.feed).toBe(503);
      expect(probe.metrics.status, probe.metrics.text.slice(0, 200)).toBe(200);
      expect(probe.metrics.text).toMatch(/^humantime_database_up 0$/m);
      expect(probe.metrics.text).toContain('humantime_http_requests_total');
    }

    // Only successes and 503 SERVICE_UNAVAILABLE (with Retry-After), each answered in time.
    const unexpected = outcomes.filter(
      (o) => !(o.status === 200 || o.status === 201 || (o.status === 503 && o.code === 'SERVICE_UNAVAILABLE')),
    );
    expect(unexpected).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503 && o.retryAfter === null)).toEqual([]);
    const slow = outcomes.filter((o) => o.ms > ANSWER_CEILING_MS);
    expect(slow).toEqual([]);

    // While the server was down, nothing succeeded; after, everything sent past the ceiling did.
    const duringOutage = outcomes.filter((o) => o.sentAt > downAt && o.sentAt + o.ms < startingAt);
    expect(duringOutage.length).toBeGreaterThan(OUTAGE_MS / PACE_MS);
    expect(duringOutage.every((o) => o.status === 503)).toBe(true);
    const afterRecovery = outcomes.filter((o) => o.sentAt > upAt + RECOVERY_CEILING_MS);
    expect(afterRecovery.length).toBeGreaterThan(10);
    expect(afterRecovery.filter((o) => o.status === 503)).toEqual([]);
    for (const p of [0, 1]) {
      const firstOk = outcomes.filter((o) => o.process === p && o.sentAt > upAt && o.status !== 503).sort((a, b) => a.sentAt - b.sentAt)[0];
      expect(firstOk, `process ${p} served again`).toBeDefined();
      expect(firstOk!.sentAt - upAt).toBeLessThan(RECOVERY_CEILING_MS);
    }

    // Every booking refused meanwhile goes through when retried with its Idempotency-Key, and a
    // retried confirmed one answers the same booking: nothing is booked twice or lost.
    const bookings = outcomes.filter((o) => o.kind === 'booking');
    const ids = new Map<string, string>();
    for (const o of bookings) {
      const retry = await call(
        urls[(o.process + 1) % 2]!,
        'POST',
        '/v1/bookings',
        key,
        {
          human_id: humanId,
          starts_at: slotAt(Number(o.idempotencyKey!.slice('fault-'.length))),
          duration: 30,
          attendee_name: 'Ada',
        },
        { 'idempotency-key': o.idempotencyKey! },
      );
      expect(retry.status, `${o.idempotencyKey}: ${JSON.stringify(retry.body)}`).toBe(201);
      if (o.bookingId) expect(retry.body.id).toBe(o.bookingId);
      ids.set(o.idempotencyKey!, retry.body.id);
    }
    const listed = new Set<string>();
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page = await call(urls[0]!, 'GET', `/v1/bookings?limit=100${cursor ? `&cursor=${cursor}` : ''}`, key);
      for (const b of page.body.data) {
        expect(b.status).toBe('confirmed');
        listed.add(b.id);
      }
      cursor = page.body.next_cursor;
    }
    expect(listed).toEqual(new Set(ids.values()));

    // Every booking's event reaches the receiver, once: the outcomes of attempts in flight at
    // the crash are written when the database is back, within the worker's lease.
    await receiver.waitFor(
      'every booking.confirmed delivered',
      () => new Set(receiver.received.map((r) => JSON.parse(r.body).data.id)).size === ids.size,
      40_000,
    );
    const delivered = new Set(receiver.received.map((r) => JSON.parse(r.body).data.id));
    expect(delivered).toEqual(listed);
    const arrivals = new Map<string, number[]>();
    for (const r of receiver.received) arrivals.set(r.deliveryId, [...(arrivals.get(r.deliveryId) ?? []), r.mono - t0]);
    const repeated = [...arrivals.entries()].filter(([, times]) => times.length > 1);
    expect(repeated).toEqual([]);
    // (Requests that reached the receiver less than its answer's delay before the crash.)
    const inFlightAtCrash = receiver.received.filter((r) => r.mono - t0 > crashAt - 1_000 && r.mono - t0 < downAt).length;
    expect(inFlightAtCrash).toBeGreaterThan(0);

    // The worker said it paused and resumed, once each; nobody logged an error.
    const workerLog = jsonLines(worker.stdout);
    expect(
      workerLog.filter((l) => l.component === 'webhook-delivery' && l.msg === 'database unavailable: paused until it answers').length,
    ).toBe(1);
    expect(workerLog.filter((l) => l.component === 'webhook-delivery' && l.msg === 'database reachable again: resumed').length).toBe(1);
    for (const child of [...apis, worker]) expect(jsonLines(child.stdout).filter((l) => Number(l.level) >= 50)).toEqual([]);

    console.log(
      `database restart: ${outcomes.length} requests, ${outcomes.filter((o) => o.status === 503).length} answered 503, ` +
        `slowest answer ${Math.round(Math.max(...outcomes.map((o) => o.ms)))} ms, ` +
        `first success ${Math.round(Math.min(...outcomes.filter((o) => o.sentAt > upAt && o.status !== 503).map((o) => o.sentAt)) - upAt)} ms after the server was up, ` +
        `${ids.size} bookings, ${receiver.received.length} deliveries (${inFlightAtCrash} in flight at the crash, ${repeated.length} repeated)`,
    );
  }, 180_000);
});
