// The `seeded` section: every read and write endpoint against an empty and a seeded database of
// each store, in one run, with the ratio of their throughputs (docs/benchmarks.md).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call } from './api-client.js';
import { postgresCpuMeter, postgresWalMeter, runLoad, startProcess, type LoadResult, type Proc } from './processes.js';
import type { Figure } from './report.js';
import {
  embeddedDatabase,
  freshServerDatabase,
  seededServerDatabase,
  seedShapes,
  shortHistoryShape,
  type PreparedDatabase,
  type SeedShape,
} from './seeded-databases.js';
import {
  bookingRequests,
  cancelRequests,
  deepCursors,
  fixtureOf,
  PAGE,
  readEndpoints,
  slotEndpoints,
  type Fixture,
  type Endpoint,
} from './seeded-requests.js';
import { seededMarkdown, type StoreRun } from './seeded-report.js';

export interface SeededLoad {
  duration: number;
  connections: number;
}

/** One endpoint's run on one database. */
export interface Measured {
  name: string;
  result: LoadResult;
  /** CPU of the API process and of every postgres process here, per request (ms). */
  cpuMs: number;
  /** The API process's share of it. */
  apiCpuMs: number;
  /** The PostgreSQL server's WAL per request (KB); undefined on the embedded store. */
  walKb: number | undefined;
}

const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const DAY = 86_400_000;

/** The day `days` days from today (UTC midnight): the slots' and the bookings' windows start there. */
function dayIn(days: number): Date {
  return new Date((Math.floor(Date.now() / DAY) + days) * DAY);
}

/** The 30 days before today: the seeded bookings are made up to now, so this window is full. */
function rangeWindow() {
  const today = Math.floor(Date.now() / DAY) * DAY;
  return { from: new Date(today - 30 * DAY).toISOString(), to: new Date(today).toISOString() };
}

/** Warm-up, then the measured run, each request once (a warm-up's requests are not sent again). */
async function measure(api: Proc, e: Endpoint, { work, load, kind }: RunContext): Promise<Measured> {
  const file = path.join(work, 'requests.json');
  writeFileSync(file, JSON.stringify(e.requests));
  const spec = { url: api.url, method: 'GET' as const, path: '/', connections: load.connections, requestsFile: file };
  // A run of a fixed amount (each request used up once) warms up on a tenth of it, at most 200.
  const warmAmount = e.amount === undefined ? 0 : Math.min(200, Math.floor(e.amount / 10));
  const warmed =
    e.amount === undefined
      ? (await runLoad({ ...spec, durationSeconds: WARMUP })).listedUpTo!
      : warmAmount >= load.connections
        ? (await runLoad({ ...spec, durationSeconds: 60, amount: warmAmount })).listedUpTo!
        : 0;
  if (e.amount !== undefined && e.amount - warmed < load.connections) throw new Error(`seeded: only ${e.amount} requests for ${e.name}`);
  const cpu = api.cpuMs();
  const db = postgresCpuMeter();
  const wal = kind === 'postgres' ? await postgresWalMeter() : undefined;
  const result = await runLoad({
    ...spec,
    durationSeconds: load.duration,
    startAt: warmed,
    ...(e.amount === undefined ? {} : { amount: e.amount - warmed }),
  });
  const answered = result.statuses[String(e.status)] ?? 0;
  if (answered !== result.requests || result.errors > 0) {
    throw new Error(`seeded: ${e.name} answered ${JSON.stringify(result.statuses)} (${result.errors} errors), not all ${e.status}`);
  }
  const apiCpu = (api.cpuMs() - cpu) / Math.max(1, result.requests);
  const walKb = await wal?.(result.requests);
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  return { name: e.name, result, cpuMs: ms(apiCpu + (db(result.requests) ?? 0)), apiCpuMs: ms(apiCpu), walKb };
}

/** Every request of a short-history run must find a full page: else it would measure a shorter one. */
async function assertFullPages(url: string, e: Endpoint): Promise<void> {
  for (const r of e.requests) {
    const { data } = await call(url, 'GET', r.path, r.token);
    if (data.length < PAGE) throw new Error(`seeded: the short history has ${data.length} rows, not ${PAGE}, for ${e.name} (${r.path})`);
  }
}

/** Where a run writes its request lists, and the load of every measured run. */
interface RunContext {
  work: string;
  load: SeededLoad;
  kind: 'postgres' | 'embedded';
}

/**
 * Bookings: the last 10 humans of every organization, over the three weeks from tomorrow
 * (among the seeded bookings, which reach three weeks ahead).
 */
const BOOKED = { humans: 10, days: 21 };

function startApi(db: PreparedDatabase): Promise<Proc> {
  return startProcess('src/server.ts', {
    ...db.env,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
    // The seeded webhooks point at hosts that do not exist: the bookings' deliveries wait in the outbox.
    DELIVERY_WORKER: 'off',
  });
}

/**
 * Every endpoint against both databases of a store, each server on its own database, both
 * up at once: an endpoint runs on the seeded one and right after on the empty one, so the
 * machine's load (shared, and it moves) is nearly the same for the two figures compared.
 * The reads first (so the delivery log and the lists hold only what was seeded), then
 * bookings, then the cancels of those bookings.
 */
async function runStore(dbs: StoreDatabases, ctx: RunContext) {
  const started: Proc[] = [];
  try {
    for (const db of [dbs.seeded, dbs.empty, dbs.short]) started.push(await startApi(db));
    const [seeded, empty, short] = started as [Proc, Proc, Proc];
    const runs = { seeded: [] as Measured[], empty: [] as Measured[], short: [] as Measured[] };
    const sides = [
      { side: 'seeded', api: seeded, f: await fixtureOf(seeded.url, dbs.seeded.seed) },
      { side: 'empty', api: empty, f: await fixtureOf(empty.url, dbs.empty.seed) },
      { side: 'short', api: short, f: await fixtureOf(short.url, dbs.short.seed) },
    ] as const;
    // BENCH_SEEDED_ONLY: comma-separated parts of endpoint names; only those run (cancels
    // need the bookings of a POST run: pick both).
    const only = process.env.BENCH_SEEDED_ONLY?.split(',').filter(Boolean);
    const both = async (name: string, make: (api: Proc, f: Fixture) => Endpoint | Promise<Endpoint>) => {
      if (only && !only.some((part) => name.includes(part))) return;
      // The short history has full first pages only: the rest of its lists is not there.
      for (const { side, api, f } of sides.filter((s) => s.side !== 'short' || name.endsWith('(first page)'))) {
        const e = await make(api, f);
        if (side === 'short') await assertFullPages(api.url, e);
        const m = await measure(api, e, ctx);
        runs[side].push(m);
        const cpu = `CPU ${m.cpuMs} ms/req (API ${m.apiCpuMs})${m.walKb === undefined ? '' : `, WAL ${m.walKb} KB/req`}`;
        console.error(`  ${side.padEnd(6)} ${e.name}: ${m.result.rps} req/s, p99 ${m.result.p99} ms, ${cpu}`);
      }
    };
    const window = rangeWindow();
    // Deep cursors of the seeded database; on the empty one the same cursors find an empty page.
    const deep = await deepCursors(seeded.url, dbs.seeded.seed, window);
    const reads = (f: Fixture) => [...readEndpoints(f, deep, window), ...slotEndpoints(f, dayIn(1))];
    for (const [i, read] of reads(sides[0].f).entries()) await both(read.name, (_, f) => reads(f)[i]!);
    const booked = { ...BOOKED, firstDay: dayIn(1) };
    const post = 'POST /v1/bookings';
    await both(post, async (api, f) => ({ name: post, status: 201, requests: await bookingRequests(api.url, f, booked) }));
    const cancel = 'DELETE /v1/bookings/{id} (cancel)';
    await both(cancel, async (api, f) => {
      const cancels = await cancelRequests(api.url, f, booked);
      return { name: cancel, status: 200, requests: cancels, amount: cancels.length };
    });
    return runs;
  } finally {
    for (const api of started) await api.stop();
  }
}

interface StoreDatabases {
  seeded: PreparedDatabase;
  empty: PreparedDatabase;
  short: PreparedDatabase;
}

async function prepare(kind: 'postgres' | 'embedded', shape: SeedShape, work: string): Promise<StoreDatabases> {
  const empty = { ...shape, bookings: 0 };
  if (kind === 'postgres') {
    return {
      seeded: await seededServerDatabase(shape),
      empty: await freshServerDatabase('humantime_bench_empty', empty),
      short: await freshServerDatabase('humantime_bench_short', shortHistoryShape(shape)),
    };
  }
  return {
    seeded: await embeddedDatabase(path.join(work, 'embedded-seeded'), shape),
    empty: await embeddedDatabase(path.join(work, 'embedded-empty'), empty),
    short: await embeddedDatabase(path.join(work, 'embedded-short'), shortHistoryShape(shape)),
  };
}

/**
 * The section. BENCH_SEEDED_STORES (default "postgres,embedded") picks the stores; the
 * sizes come from seedShapes().
 */
export async function benchSeeded(work: string, load: SeededLoad): Promise<{ figures: Figure[]; markdown: string }> {
  const shapes = seedShapes();
  const stores = (process.env.BENCH_SEEDED_STORES ?? 'postgres,embedded').split(',') as Array<'postgres' | 'embedded'>;
  const done: StoreRun[] = [];
  for (const kind of stores) {
    const shape = shapes[kind];
    console.error(`seeded: ${kind}, ${JSON.stringify(shape)}`);
    const dbs = await prepare(kind, shape, work);
    const { seeded } = dbs;
    console.error(
      `seeded: ${kind} seeded ${seeded.reused ? 'reused' : `in ${seeded.seedSeconds} s`}: ${JSON.stringify(seeded.seed.counts)}`,
    );
    const runs = await runStore(dbs, { work, load, kind });
    done.push({ kind, shape, seeded, empty: runs.empty, seededRuns: runs.seeded, shortRuns: runs.short });
  }
  return seededMarkdown(done, load);
}
