import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { postgresCpuMeter, runLoad, startProcess } from './processes.js';
import type { Figure } from './report.js';

export interface SlotsStore {
  /** 'embedded' (PGlite in DATA_DIR) or 'postgres' (a fresh database on the server). */
  kind: 'embedded' | 'postgres';
  /** postgres:// URL of a fresh database, for kind 'postgres'. */
  databaseUrl?: string;
}

const sectionOf = (store: SlotsStore) =>
  `HTTP slots, ${store.kind === 'embedded' ? 'embedded store' : 'PostgreSQL server'} (7-day week view, 30-min grid)`;

/**
 * GET /v1/humans/{id}/slots on the real server (embedded store, auth, logging, DB reads,
 * slot engine) against a bare Express route sending the same bytes.
 */
export async function benchSlotsHttp(work: string, store: SlotsStore, load: { duration: number; connections: number }): Promise<Figure[]> {
  const SECTION = sectionOf(store);
  const suffix = store.kind === 'embedded' ? '' : '_postgres';
  const api = await startProcess('src/server.ts', {
    ...(store.kind === 'embedded' ? { DATA_DIR: path.join(work, 'embedded') } : { DATABASE_URL: store.databaseUrl! }),
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
  });
  let bare;
  try {
    const key = await createOrg(api.url);
    const human = await call(api.url, 'POST', '/v1/humans', key, { name: 'Bench Human', timezone: 'America/New_York' });
    // A realistic week: a weekly meeting, a half-day off, and 12 bookings.
    await call(api.url, 'POST', `/v1/humans/${human.id}/overrides`, key, {
      kind: 'block',
      start_date: '2031-03-03',
      end_date: '2031-12-31',
      weekdays: [1],
      start_time: '10:00',
      end_time: '11:00',
    });
    await call(api.url, 'POST', `/v1/humans/${human.id}/overrides`, key, {
      kind: 'block',
      start_date: '2031-03-07',
      start_time: '13:00',
      end_time: '17:00',
    });
    await call(api.url, 'POST', `/v1/humans/${human.id}/overrides`, key, {
      kind: 'open',
      start_date: '2031-03-08',
      start_time: '10:00',
      end_time: '12:00',
    });
    const slots0 = await call(api.url, 'GET', `/v1/humans/${human.id}/slots?date_from=2031-03-03&date_to=2031-03-09&duration=30`, key);
    for (const slot of slots0.slots.filter((_: unknown, i: number) => i % 6 === 0)) {
      await call(api.url, 'POST', '/v1/bookings', key, {
        human_id: human.id,
        starts_at: slot.starts_at,
        duration: 30,
        attendee_name: 'Bench',
      });
    }
    const query = `/v1/humans/${human.id}/slots?date_from=2031-03-03&date_to=2031-03-09&duration=30`;
    const body = JSON.stringify(await call(api.url, 'GET', query, key));
    const bodyFile = path.join(work, `slots-body${suffix}.json`);
    writeFileSync(bodyFile, body);
    bare = await startProcess('bench/bare-server.ts', { BARE_BODY_FILE: bodyFile }, '/readyz');

    const headers = { authorization: `Bearer ${key}` };
    const warm = { connections: load.connections, durationSeconds: 2, method: 'GET' as const };
    await runLoad({ ...warm, url: api.url, path: query, headers });
    await runLoad({ ...warm, url: bare.url, path: '/slots' });
    const cpuBefore = api.cpuMs();
    const dbCpu = store.kind === 'postgres' ? postgresCpuMeter() : undefined;
    const real = await runLoad({
      url: api.url,
      path: query,
      headers,
      method: 'GET',
      connections: load.connections,
      durationSeconds: load.duration,
    });
    const cpuPerRequest = (api.cpuMs() - cpuBefore) / real.requests;
    const dbCpuPerRequest = dbCpu?.(real.requests);
    const bareCpuBefore = bare.cpuMs();
    const floor = await runLoad({
      url: bare.url,
      path: '/slots',
      method: 'GET',
      connections: load.connections,
      durationSeconds: load.duration,
    });
    const bareCpuPerRequest = (bare.cpuMs() - bareCpuBefore) / floor.requests;
    if ((real.statuses['200'] ?? 0) !== real.requests) throw new Error(`slots run had non-200 answers: ${JSON.stringify(real.statuses)}`);
    return [
      { section: SECTION, name: 'response size', value: Buffer.byteLength(body), unit: 'bytes', key: `http_slots_body_bytes${suffix}` },
      { section: SECTION, name: 'humantime req/s', value: real.rps, unit: 'req/s', key: `http_slots_rps${suffix}` },
      { section: SECTION, name: 'humantime p50', value: real.p50, unit: 'ms', key: `http_slots_p50_ms${suffix}` },
      { section: SECTION, name: 'humantime p99', value: real.p99, unit: 'ms', key: `http_slots_p99_ms${suffix}`, target: '≤ 10 ms' },
      {
        section: SECTION,
        name: 'humantime server CPU per request',
        value: Math.round(cpuPerRequest * 1000) / 1000,
        unit: 'ms',
        key: `http_slots_cpu_ms${suffix}`,
      },
      ...(dbCpuPerRequest === undefined
        ? []
        : [
            {
              section: SECTION,
              name: 'PostgreSQL CPU per request (every postgres process here)',
              value: dbCpuPerRequest,
              unit: 'ms',
              key: `http_slots_db_cpu_ms${suffix}`,
            },
          ]),
      { section: SECTION, name: 'bare Express req/s', value: floor.rps, unit: 'req/s', key: `bare_slots_rps${suffix}` },
      {
        section: SECTION,
        name: 'bare Express server CPU per request',
        value: Math.round(bareCpuPerRequest * 1000) / 1000,
        unit: 'ms',
        key: `bare_slots_cpu_ms${suffix}`,
      },
      { section: SECTION, name: 'bare Express p50', value: floor.p50, unit: 'ms', key: `bare_slots_p50_ms${suffix}` },
      { section: SECTION, name: 'bare Express p99', value: floor.p99, unit: 'ms', key: `bare_slots_p99_ms${suffix}` },
      {
        section: SECTION,
        name: 'humantime / bare req/s',
        value: Math.round((real.rps / floor.rps) * 1000) / 10,
        unit: '%',
        key: `http_slots_ratio_pct${suffix}`,
        target: '≥ 50 %',
      },
      store.kind === 'embedded'
        ? {
            section: 'Memory',
            name: 'peak RSS, API on embedded store (slots run)',
            value: api.peakRssMiB(),
            unit: 'MiB',
            key: 'peak_rss_embedded_mib',
          }
        : {
            section: 'Memory',
            name: 'peak RSS, API on PostgreSQL (slots run)',
            value: api.peakRssMiB(),
            unit: 'MiB',
            key: 'peak_rss_postgres_slots_mib',
          },
    ];
  } finally {
    await bare?.stop();
    await api.stop();
  }
}
