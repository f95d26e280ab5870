import pg from 'pg';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { postgresCpuMeter, runLoad, startProcess } from './processes.js';
import type { Figure } from './report.js';

const SECTION = 'HTTP bookings, PostgreSQL server (200 humans, no collisions)';
const HUMANS = 200;

/**
 * POST /v1/bookings on the real server (auth, validation, slot check, exclusion constraint,
 * quota, event + outbox rows, one transaction) against a bare Express route doing one INSERT
 * into the same database.
 */
export async function benchBookingsHttp(databaseUrl: string, load: { duration: number; connections: number }): Promise<Figure[]> {
  const api = await startProcess('src/server.ts', {
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let bare;
  try {
    await db.query(`CREATE TABLE bench_bare_inserts (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), human_id uuid NOT NULL,
                    starts_at timestamptz NOT NULL, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    const key = await createOrg(api.url);
    const availability = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:30', meeting_durations: [30] };
    const humans: string[] = [];
    for (let i = 0; i < HUMANS; i++) {
      humans.push((await call(api.url, 'POST', '/v1/humans', key, { name: `Human ${i}`, timezone: 'UTC', availability })).id);
    }
    bare = await startProcess('bench/bare-server.ts', { BARE_DATABASE_URL: databaseUrl }, '/readyz');
    const headers = { authorization: `Bearer ${key}` };
    const bookings = (firstDay: string) => ({ humans, firstDay, slotsPerDay: 47, duration: 30 });
    const spec = { method: 'POST' as const, connections: load.connections };
    await runLoad({ ...spec, url: api.url, path: '/v1/bookings', headers, durationSeconds: 2, bookings: bookings('2031-01-01') });
    await runLoad({ ...spec, url: bare.url, path: '/insert', durationSeconds: 2, bookings: bookings('2031-01-01') });
    const cpuBefore = api.cpuMs();
    const dbCpu = postgresCpuMeter();
    const real = await runLoad({
      ...spec,
      url: api.url,
      path: '/v1/bookings',
      headers,
      durationSeconds: load.duration,
      bookings: bookings('2032-01-01'),
    });
    const cpuPerBooking = (api.cpuMs() - cpuBefore) / Math.max(1, real.requests);
    const dbCpuPerBooking = dbCpu(real.requests);
    const floor = await runLoad({
      ...spec,
      url: bare.url,
      path: '/insert',
      durationSeconds: load.duration,
      bookings: bookings('2032-01-01'),
    });
    const created = real.statuses['201'] ?? 0;
    if (created !== real.requests) throw new Error(`booking run had non-201 answers: ${JSON.stringify(real.statuses)}`);
    const perSecond = Math.round(created / load.duration);
    return [
      {
        section: SECTION,
        name: 'humantime bookings/s',
        value: perSecond,
        unit: 'bookings/s',
        key: 'http_bookings_per_second',
        target: '≥ 1,000/s',
      },
      { section: SECTION, name: 'humantime p50', value: real.p50, unit: 'ms', key: 'http_bookings_p50_ms' },
      {
        section: SECTION,
        name: 'humantime server CPU per booking',
        value: Math.round(cpuPerBooking * 1000) / 1000,
        unit: 'ms',
        key: 'http_bookings_cpu_ms',
      },
      ...(dbCpuPerBooking === undefined
        ? []
        : [
            {
              section: SECTION,
              name: 'PostgreSQL CPU per booking (every postgres process here)',
              value: dbCpuPerBooking,
              unit: 'ms',
              key: 'http_bookings_db_cpu_ms',
            },
          ]),
      { section: SECTION, name: 'humantime p99', value: real.p99, unit: 'ms', key: 'http_bookings_p99_ms' },
      { section: SECTION, name: 'bare Express + INSERT req/s', value: floor.rps, unit: 'req/s', key: 'bare_insert_rps' },
      { section: SECTION, name: 'bare Express + INSERT p50', value: floor.p50, unit: 'ms', key: 'bare_insert_p50_ms' },
      { section: SECTION, name: 'bare Express + INSERT p99', value: floor.p99, unit: 'ms', key: 'bare_insert_p99_ms' },
      {
        section: SECTION,
        name: 'humantime / bare',
        value: Math.round((perSecond / floor.rps) * 1000) / 10,
        unit: '%',
        key: 'http_bookings_ratio_pct',
        target: '≥ 30 %',
      },
      {
        section: 'Memory',
        name: 'peak RSS, API on PostgreSQL (bookings run)',
        value: api.peakRssMiB(),
        unit: 'MiB',
        key: 'peak_rss_postgres_mib',
      },
    ];
  } finally {
    await bare?.stop();
    await api.stop();
    await db.end();
  }
}
