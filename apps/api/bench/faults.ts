// The faults section of `pnpm bench`: how long one hostile request holds the event loop, and
// how a database restart looks from outside (answer times during the outage, time to recover).
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openStore } from '../src/db/open-store.js';
import { createHttpServer } from '../src/http/http-server.js';
import { createLogger } from '../src/lib/logger.js';
import { startPrivatePostgres } from '../test/faults/private-postgres.js';
import { BENCH_ADMIN_TOKEN, call, createOrg } from './api-client.js';
import { startProcess } from './processes.js';
import type { Figure } from './report.js';

const HOSTILE = 'Hostile requests: the longest event-loop stall of the server while it answers one (median of 5)';
const RESTART = 'A database restart (pg_ctl stop -m immediate, 10 s down, one API process under 20 req/s)';

const keysObject = (n: number, value: unknown = 0) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i.toString(36)}`, value]));

async function hostileRequests(): Promise<Figure[]> {
  const store = await openStore({});
  await store.migrate();
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_SECOND: '0' });
  const app = createApp({ config, store, logger: createLogger('silent'), adminToken: BENCH_ADMIN_TOKEN });
  const server = createHttpServer(app, config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const key = await createOrg(url);
    const human = await call<{ id: string }>(url, 'POST', '/v1/humans', key, { name: 'Ada', timezone: 'UTC' });
    const booking = { human_id: human.id, starts_at: '2030-01-07T09:00:00Z', duration: 30, attendee_name: 'Ada' };
    const cases: Array<[string, string, string]> = [
      ['a booking, for comparison', 'booking', JSON.stringify({ ...booking, metadata: { order: 'A-1' } })],
      ['metadata of 90,000 keys (~0.8 MB)', 'metadata_90k_keys', JSON.stringify({ ...booking, metadata: keysObject(90_000) })],
      ['90,000 unknown top-level keys', 'top_level_90k_keys', JSON.stringify({ ...booking, ...keysObject(90_000) })],
      [
        'metadata of 4,000 keys, 1 MiB (inside the bounds)',
        'metadata_4k_keys_1mib',
        JSON.stringify({ ...booking, metadata: keysObject(4_000, 'x'.repeat(240)) }),
      ],
      ['an array 100,000 levels deep', 'nested_100k', `{"metadata":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
    ];
    const figures: Figure[] = [];
    for (const [name, key_, body] of cases) {
      const stalls: number[] = [];
      for (let i = 0; i < 5; i++) {
        const histogram = monitorEventLoopDelay({ resolution: 1 });
        histogram.enable();
        await fetch(`${url}/v1/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
        histogram.disable();
        stalls.push(histogram.max / 1e6);
      }
      const median = stalls.sort((a, b) => a - b)[2]!;
      figures.push({
        section: HOSTILE,
        name,
        value: Math.round(median * 10) / 10,
        unit: 'ms',
        key: `stall_${key_}_ms`,
        ...(key_ === 'booking' ? {} : { target: '≤ 50 ms' }),
      });
    }
    return figures;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
  }
}

async function databaseRestart(): Promise<Figure[]> {
  const pg = await startPrivatePostgres();
  const api = await startProcess('src/server.ts', {
    DATABASE_URL: pg.url,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    DELIVERY_WORKER: 'on',
  });
  try {
    const key = await createOrg(api.url);
    const human = await call<{ id: string }>(api.url, 'POST', '/v1/humans', key, { name: 'Ada', timezone: 'UTC' });
    const answers: Array<{ sentAt: number; ms: number; status: number }> = [];
    const t0 = performance.now();
    const timer = setInterval(() => {
      const sentAt = performance.now() - t0;
      void fetch(`${api.url}/v1/humans/${human.id}/slots?date_from=2030-01-07&date_to=2030-01-08&duration=30`, {
        headers: { authorization: `Bearer ${key}` },
      })
        .then((res) => answers.push({ sentAt, ms: performance.now() - t0 - sentAt, status: res.status }))
        .catch(() => answers.push({ sentAt, ms: performance.now() - t0 - sentAt, status: 0 }));
    }, 50);
    await new Promise((r) => setTimeout(r, 2_000));
    await pg.crash();
    const downAt = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 10_000));
    const startingAt = performance.now() - t0;
    await pg.start();
    const upAt = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 5_000));
    clearInterval(timer);
    await new Promise((r) => setTimeout(r, 2_000));
    const during = answers.filter((a) => a.sentAt > downAt && a.sentAt + a.ms < startingAt);
    const firstOk = Math.min(...answers.filter((a) => a.sentAt > upAt && a.status === 200).map((a) => a.sentAt + a.ms));
    const alive = api.child.exitCode === null;
    return [
      {
        section: RESTART,
        name: 'API process alive afterwards',
        value: alive ? 1 : 0,
        unit: '(1 = yes)',
        key: 'restart_process_alive',
        target: '1',
      },
      {
        section: RESTART,
        name: 'answers during the outage that were 503',
        value: during.length ? Math.round((during.filter((a) => a.status === 503).length / during.length) * 1000) / 10 : 0,
        unit: '%',
        key: 'restart_outage_503_percent',
        target: '100 %',
      },
      {
        section: RESTART,
        name: 'slowest answer during the outage',
        value: Math.round(Math.max(0, ...during.map((a) => a.ms))),
        unit: 'ms',
        key: 'restart_outage_slowest_ms',
        target: '≤ 2,000 ms',
      },
      {
        section: RESTART,
        name: 'first success after the server accepts connections',
        value: Math.round(firstOk - upAt),
        unit: 'ms',
        key: 'restart_recovery_ms',
        target: '≤ 5,000 ms',
      },
      {
        section: RESTART,
        name: 'crash recovery of PostgreSQL itself (pg_ctl start -w)',
        value: Math.round(upAt - startingAt),
        unit: 'ms',
        key: 'restart_postgres_start_ms',
      },
    ];
  } finally {
    await api.stop();
    await pg.destroy();
  }
}

export async function benchFaults(): Promise<Figure[]> {
  return [...(await hostileRequests()), ...(await databaseRestart())];
}
