import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_DIR = path.resolve(API_DIR, '..', '..');
const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  /** The node process's pid (tsx's child, for a tsx entry). */
  pid: number;
  url: string;
  /** Peak resident set size so far (VmHWM), in MiB. */
  peakRssMiB(): number;
  /**
   * CPU time the process has used so far (user + system), in ms: a cost per request that a
   * busy machine distorts far less than it distorts requests per second.
   */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** The node flags of a package script (apps/api/package.json), so the bench runs what production runs. */
function scriptFlags(script: 'start' | 'worker'): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return scripts[script]!.split(/\s+/).filter((word) => word.startsWith('--'));
}
const START_FLAGS = scriptFlags('start');
const WORKER_FLAGS = scriptFlags('worker');

/** BENCH_PROF=<dir> writes the server's (and a worker's) CPU profile there (docs/benchmarks.md reads one). */
const profileFlags = () => (process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []);

/**
 * What runs an entry point: the API server as `pnpm start` runs it, plain node on the
 * built bundle (turbo builds it before the bench); anything else (the bare server) on tsx.
 */
function command(entry: string, nodeFlags: string[]): { file: string; args: string[] } {
  if (entry === 'src/server.ts')
    return { file: process.execPath, args: [...profileFlags(), ...START_FLAGS, ...nodeFlags, 'dist/server.js'] };
  return { file: TSX, args: [entry] };
}

/** `pnpm worker` as package.json runs it, on the built bundle (it serves no HTTP to wait for). */
export function spawnWorker(env: Record<string, string>, stderr: 'inherit' | 'ignore' = 'inherit'): ChildProcess {
  return spawn(process.execPath, [...profileFlags(), ...WORKER_FLAGS, 'dist/worker.js'], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', stderr],
  });
}

/** A process's CPU time so far (user + system), in ms. */
export function processCpuMs(pid: number): number {
  return cpuMsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * Starts an entry point (see `command`) and waits until `readyPath` answers 200. `nodeFlags`
 * go to node after the flags of `pnpm start` (the API server only).
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  readyPath = '/readyz',
  nodeFlags: string[] = [],
): Promise<Proc> {
  const port = await freePort();
  const { file, args } = command(entry, nodeFlags);
  const child = spawn(file, args, {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // BENCH_SERVER_LOG_DIR keeps each server's log (one JSON line per request, errors with
    // their cause) as server-<port>.log there: what a refused or failed request was.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_LOG_DIR ? openSync(path.join(process.env.BENCH_SERVER_LOG_DIR, `server-${port}.log`), 'w') : 'ignore',
      'inherit',
    ],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // tsx runs the program in a child node process; the RSS worth reporting is that one's.
  const nodePid = () => {
    if (file === process.execPath) return child.pid!;
    try {
      const kids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return kids.length ? Number(kids[kids.length - 1]) : child.pid!;
    } catch {
      return child.pid!;
    }
  };
  const pid = nodePid();
  return {
    child,
    pid,
    url,
    cpuMs() {
      return processCpuMs(pid);
    },
    peakRssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round((kb / 1024) * 10) / 10;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs the load generator in its own process (so it does not share the server's event loop). */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(TSX, [path.join(API_DIR, 'bench', 'load.ts'), JSON.stringify(spec)], {
    cwd: API_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`load generator exited with ${String(code)}`);
  return JSON.parse(out.trim().split('\n').pop()!);
}

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** A fixed number of requests (autocannon stops after them) instead of the duration. */
  amount?: number;
  /** GET paths taken in turn, one per request, instead of `path`. */
  paths?: string[];
  /** POST bodies: one per request, cycled from a generator spec. */
  bookings?: { humans: string[]; firstDay: string; slotsPerDay: number; duration: number };
  /**
   * A JSON file of `ListedRequest`s: each request is the next of the list (cycled), in place
   * of `method`, `path`, `headers.authorization` and `bookings`. Too long for an argument.
   */
  requestsFile?: string;
  /** Where in the list the run begins: past what an earlier run (a warm-up) already sent. */
  startAt?: number;
}

/** One request of a listed load: its own path, API key and body. */
export interface ListedRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  token: string;
  body?: string;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  /**
   * With `requestsFile`: where in the list the next run should begin. Requests still in flight
   * when a run stops were sent but are not counted in `requests`.
   */
  listedUpTo?: number;
}

/** The PostgreSQL server the bench uses: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one. */
export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * A process's CPU time in ms from its /proc/<pid>/stat: utime and stime, fields 14 and 15, in
 * ticks of 10 ms. The command name (field 2) sits in parentheses and may hold spaces, so
 * fields are counted after it.
 */
export function cpuMsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time of each process named postgres on this machine (ms, by pid), or undefined when there is none (a server elsewhere). */
function postgresCpuMs(): Map<string, number> | undefined {
  let byPid: Map<string, number> | undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') (byPid ??= new Map()).set(entry, cpuMsOf(stat));
  }
  return byPid;
}

/**
 * Starts counting the database's CPU (every postgres process here): the returned function
 * gives the ms spent since, per one of `units` (rounded to µs), or undefined when the server
 * is not on this machine. Counted per process, so that a backend which exits meanwhile (an
 * idle pool connection closing) takes only its own time since the start out of the sum, not
 * all the time it had before; one that starts meanwhile counts from zero.
 */
export function postgresCpuMeter(): (units: number) => number | undefined {
  const before = postgresCpuMs();
  return (units) => {
    const after = postgresCpuMs();
    if (before === undefined || after === undefined) return undefined;
    let spent = 0;
    for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
    return Math.round((spent / Math.max(1, units)) * 1000) / 1000;
  };
}

/**
 * WAL the PostgreSQL server writes (pg_stat_wal, the whole cluster) from now until the
 * returned function is called, in KB per unit; undefined where the statistics cannot be read.
 * What a write costs the disk and the replicas, and a sign of index pages touched for the
 * first time since a checkpoint (each is written whole: a full-page image).
 */
export async function postgresWalMeter(): Promise<(units: number) => Promise<number | undefined>> {
  const read = async () => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    try {
      await client.connect();
      const { rows } = await client.query<{ bytes: string }>('SELECT wal_bytes::text AS bytes FROM pg_stat_wal');
      return Number(rows[0]!.bytes);
    } catch {
      return undefined;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const before = await read();
  return async (units) => {
    const after = await read();
    if (before === undefined || after === undefined) return undefined;
    return Math.round(((after - before) / 1024 / Math.max(1, units)) * 10) / 10;
  };
}

/** A fresh database on the server for one run (dropped first if a previous run left it). */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
