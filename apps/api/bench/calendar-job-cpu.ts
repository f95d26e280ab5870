// The calendar refresh job's CPU per unchanged read (a conditional GET answered 304), as a
// worker spends it: the job left alone, every calendar due again a second after its last read.
// Measured in two places: the embedded store's API process (the job in process, PGlite's SQL
// on the same thread) and `pnpm worker` on the PostgreSQL server store (the production
// shape: the database's CPU is its own processes').
import { randomBytes } from 'node:crypto';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { freshDatabase, postgresCpuMeter, processCpuMs, spawnWorker, startProcess } from './processes.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a freshly started job runs before it is measured: V8 and PGlite's WASM tier up meanwhile. */
export const JOB_WARMUP_MS = Number(process.env.BENCH_CALENDAR_JOB_WARMUP ?? 20) * 1000;

export interface JobCpu {
  /** 304s the feed server answered in the window. */
  reads: number;
  /** The process's CPU per read (ms), polls and the rest of its idle work included. */
  cpuPerRead: number;
  /** Every postgres process's CPU per read (ms), on the server store. */
  postgresPerRead?: number | undefined;
}

/** The CPU `cpuMs` counts per 304 over `windowMs` (reads counted by `answered304`). */
export async function cpuPer304(cpuMs: () => number, answered304: () => number, windowMs: number): Promise<JobCpu> {
  const cpuBefore = cpuMs();
  const readsBefore = answered304();
  const postgres = postgresCpuMeter();
  await sleep(windowMs);
  const reads = answered304() - readsBefore;
  return { reads, cpuPerRead: (cpuMs() - cpuBefore) / Math.max(1, reads), postgresPerRead: postgres(reads) };
}

/** The same process with nothing to read (its calendars disconnected): CPU ms per second, its own and postgres's. */
export async function idlePerSecond(cpuMs: () => number, windowMs: number): Promise<{ cpu: number; postgres: number | undefined }> {
  const cpuBefore = cpuMs();
  const postgres = postgresCpuMeter();
  await sleep(windowMs);
  const seconds = windowMs / 1000;
  const pg = postgres(1);
  return { cpu: (cpuMs() - cpuBefore) / seconds, postgres: pg === undefined ? undefined : pg / seconds };
}

/** A window's CPU per read less what the process spends idle over as long (polls, timers, GC). */
export function marginalPerRead(job: JobCpu, idleMsPerSecond: number, windowMs: number): number {
  return Math.max(0, job.cpuPerRead - (idleMsPerSecond * windowMs) / 1000 / Math.max(1, job.reads));
}

/** A human holds at most 10 calendars: connects `urls` to as many humans as that takes. Answers [human id, calendar id] pairs. */
export async function connectFeeds(apiUrl: string, key: string, urls: string[]): Promise<Array<readonly [string, string]>> {
  const connected: Array<readonly [string, string]> = [];
  let human: { id: string } | undefined;
  for (const [i, url] of urls.entries()) {
    if (i % 10 === 0) human = await call(apiUrl, 'POST', '/v1/humans', key, { name: `Feeds ${i / 10 + 1}`, timezone: 'Europe/Berlin' });
    connected.push([human!.id, (await call(apiUrl, 'POST', `/v1/humans/${human!.id}/calendars`, key, { url })).id as string]);
  }
  return connected;
}

export interface WorkerJobCpu extends JobCpu {
  /** The worker's CPU per second with no calendar left to read (its polls of every job). */
  idleCpuPerSecond: number;
  postgresIdlePerSecond: number | undefined;
}

/**
 * The job in `pnpm worker` on a fresh PostgreSQL database: an API process (jobs off) connects
 * the feeds `paths` of `base` to one human, then a worker reads them every second.
 */
export async function serverWorkerCpu(
  feeds: { base: string; paths: string[]; answered304: () => number },
  windowMs: number,
): Promise<WorkerJobCpu> {
  const databaseUrl = await freshDatabase('humantime_bench_calendars');
  const shared = {
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    CALENDAR_SYNC_SECONDS: '1',
  };
  const api = await startProcess('src/server.ts', {
    ...shared,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    DELIVERY_WORKER: 'off',
  });
  const worker = spawnWorker(shared);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const workerCpuMs = () => processCpuMs(worker.pid!);
  try {
    const key = await createOrg(api.url);
    const calendars = await connectFeeds(
      api.url,
      key,
      feeds.paths.map((path) => feeds.base + path),
    );
    await sleep(JOB_WARMUP_MS);
    if (worker.exitCode !== null) throw new Error(`pnpm worker exited with ${worker.exitCode}`);
    const job = await cpuPer304(workerCpuMs, feeds.answered304, windowMs);
    for (const [humanId, id] of calendars) await call(api.url, 'DELETE', `/v1/humans/${humanId}/calendars/${id}`, key);
    await sleep(2_000);
    const idle = await idlePerSecond(workerCpuMs, windowMs);
    return { ...job, idleCpuPerSecond: idle.cpu, postgresIdlePerSecond: idle.postgres };
  } finally {
    if (worker.exitCode === null) worker.kill('SIGTERM');
    await exited;
    await api.stop();
  }
}
