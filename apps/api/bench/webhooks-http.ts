import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { startProcess } from './processes.js';
import type { Figure } from './report.js';

const SECTION = 'Webhook fan-out, PostgreSQL server, in-process worker (3 webhooks)';
const LATENCY_BOOKINGS = 100;
const BURST_BOOKINGS = 200;
const WEBHOOKS = 3;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A receiver on loopback that answers 200 and notes when each delivery arrived. */
async function startReceiver() {
  const arrivals: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, arrivals, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Commit → first attempt, from the server's own timestamps: events.created_at is taken
 * before the booking transaction starts, so the figure is an upper bound. Then a burst of
 * bookings, each fanning out to every webhook, timed at the receiver.
 */
export async function benchWebhooks(databaseUrl: string): Promise<Figure[]> {
  const receiver = await startReceiver();
  const api = await startProcess('src/server.ts', {
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const key = await createOrg(api.url);
    const availability = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:30', meeting_durations: [30] };
    const human = (await call(api.url, 'POST', '/v1/humans', key, { name: 'Hooked', timezone: 'UTC', availability })).id;
    for (let i = 0; i < WEBHOOKS; i++) {
      await call(api.url, 'POST', '/v1/webhooks', key, { url: `${receiver.url}/hook-${i}`, events: ['booking.confirmed'] });
    }
    const book = (n: number) =>
      call(api.url, 'POST', '/v1/bookings', key, {
        human_id: human,
        // 47 half-hour slots a day fit in 00:00-23:30.
        starts_at: new Date(Date.UTC(2033, 0, 1 + Math.floor(n / 47)) + (n % 47) * 30 * 60_000).toISOString(),
        duration: 30,
        attendee_name: 'Bench',
      });

    // Latency: bookings one at a time, so each first attempt is measured without a queue.
    for (let n = 0; n < LATENCY_BOOKINGS; n++) await book(n);
    const expected = LATENCY_BOOKINGS * WEBHOOKS;
    await waitUntil(() => receiver.arrivals.length >= expected, 60_000);
    const { rows } = await db.query<{ ms: number }>(
      `SELECT (extract(epoch FROM a.attempted_at - e.created_at) * 1000)::float8 AS ms
         FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id JOIN events e ON e.id = d.event_id
        WHERE a.attempt = 1 ORDER BY 1`,
    );
    const latencies = rows.map((r) => r.ms);

    // Throughput: a burst of bookings from 10 concurrent clients, every delivery timed.
    const before = receiver.arrivals.length;
    const burstStart = performance.now();
    let next = LATENCY_BOOKINGS;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < LATENCY_BOOKINGS + BURST_BOOKINGS) await book(next++);
      }),
    );
    await waitUntil(() => receiver.arrivals.length >= before + BURST_BOOKINGS * WEBHOOKS, 120_000);
    const seconds = (receiver.arrivals[receiver.arrivals.length - 1]! - burstStart) / 1000;
    return [
      {
        section: SECTION,
        name: 'commit → first attempt p50',
        value: round(percentile(latencies, 50)),
        unit: 'ms',
        key: 'webhook_first_attempt_p50_ms',
        target: '≤ 100 ms',
      },
      {
        section: SECTION,
        name: 'commit → first attempt p99',
        value: round(percentile(latencies, 99)),
        unit: 'ms',
        key: 'webhook_first_attempt_p99_ms',
      },
      {
        section: SECTION,
        name: `deliveries/s (${BURST_BOOKINGS} bookings × ${WEBHOOKS} webhooks)`,
        value: Math.round((BURST_BOOKINGS * WEBHOOKS) / seconds),
        unit: 'deliveries/s',
        key: 'webhook_deliveries_per_second',
      },
      {
        section: 'Memory',
        name: 'peak RSS, API with delivery worker (webhook run)',
        value: api.peakRssMiB(),
        unit: 'MiB',
        key: 'peak_rss_webhooks_mib',
      },
    ];
  } finally {
    await api.stop();
    await receiver.close();
    await db.end();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;

async function waitUntil(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('webhook deliveries did not all arrive in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
