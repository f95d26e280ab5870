import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { largeFeed } from '../test/calendars/large-feed.js';
import { BENCH_ADMIN_TOKEN, BENCH_RATE_LIMIT, call, createOrg } from './api-client.js';
import { runLoad, startProcess } from './processes.js';
import type { Figure } from './report.js';
import { connectFeeds, cpuPer304, idlePerSecond, JOB_WARMUP_MS, marginalPerRead, serverWorkerCpu } from './calendar-job-cpu.js';

const SECTION = 'Calendars: busy time from 3 feeds of 1,000 events each, embedded store';
const figure = (name: string, value: number, unit: string, key: string, target?: string): Figure => ({
  section: SECTION,
  name,
  value,
  unit,
  key,
  ...(target ? { target } : {}),
});
const tenths = (ms: number) => Math.round(ms * 10) / 10;
/** Calendars read by the refresh job while it is measured, on each store. */
const JOB_CALENDARS = 30;
const DAY = 86_400_000;
/** Inside the expansion window (now - 1 day .. now + 396 days), whatever day the bench runs. */
const AROUND = Date.UTC(new Date().getUTCFullYear() + 1, 2, 1);
const FROM = new Date(AROUND).toISOString().slice(0, 10);
const TO = new Date(AROUND + 13 * DAY).toISOString().slice(0, 10);
const HOURS = { working_days: [1, 2, 3, 4, 5], work_start: '08:00', work_end: '18:00', meeting_durations: [30] };

/**
 * A human with 3 calendars holding 3,000 events (1,000 of them weekly series) against the same
 * human without calendars: GET slots over 14 days, side by side (the busy time travels in the
 * same statement as the rest of the snapshot). Then the read path through POST …/sync: a feed
 * unchanged since the last read (a conditional GET answered 304: the server's CPU per read),
 * and a changed feed of 5,000 events (1,000 weekly series, 4,000 single events) read, expanded
 * and stored.
 */
export async function benchCalendarsHttp(work: string, load: { duration: number; connections: number }): Promise<Figure[]> {
  const feeds = new Map<string, string>();
  let conditional304 = 0;
  const server = createServer((req, res) => {
    const body = feeds.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      conditional304 += 1;
      return void res.writeHead(304, { ETag: etag }).end();
    }
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dataDir = path.join(work, 'embedded-calendars');
  let api = await startProcess('src/server.ts', {
    DATA_DIR: dataDir,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...BENCH_RATE_LIMIT,
    LOG_LEVEL: 'info',
    // The feeds are on loopback; background reads stay off so that only the measured ones run
    // (and each calendar is due again a second after its last read, for the job's phase below).
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DELIVERY_WORKER: 'off',
    CALENDAR_SYNC_SECONDS: '1',
  });
  try {
    const key = await createOrg(api.url);
    const human = (name: string) => call(api.url, 'POST', '/v1/humans', key, { name, timezone: 'Europe/Berlin', availability: HOURS });
    const busy = await human('With calendars');
    const plain = await human('Without calendars');
    let events = 0;
    for (let i = 0; i < 3; i++) {
      feeds.set(`/feed-${i}.ics`, largeFeed({ series: i === 0 ? 334 : 333, singles: i === 0 ? 666 : 667, around: AROUND + i * 3_600_000 }));
      const calendar = await call(api.url, 'POST', `/v1/humans/${busy.id}/calendars`, key, { url: `${base}/feed-${i}.ics` });
      events += calendar.busy_count;
    }
    const headers = { authorization: `Bearer ${key}` };
    const slots = (id: string) => `/v1/humans/${id}/slots?date_from=${FROM}&date_to=${TO}&duration=30`;
    const listed = (await call(api.url, 'GET', slots(busy.id), key)).slots.length;
    const free = (await call(api.url, 'GET', slots(plain.id), key)).slots.length;
    const runs: Record<string, Awaited<ReturnType<typeof runLoad>>> = {};
    for (const [name, id] of [
      ['with', busy.id],
      ['without', plain.id],
    ] as const) {
      await runLoad({ url: api.url, path: slots(id), headers, method: 'GET', connections: load.connections, durationSeconds: 2 });
      runs[name] = await runLoad({
        url: api.url,
        path: slots(id),
        headers,
        method: 'GET',
        connections: load.connections,
        durationSeconds: load.duration,
      });
      if ((runs[name].statuses['200'] ?? 0) !== runs[name].requests)
        throw new Error(`calendar slots run had non-200 answers: ${JSON.stringify(runs[name].statuses)}`);
    }

    // Unchanged: each sync is a conditional GET answered 304; the server's CPU per read.
    const calendars = (await call(api.url, 'GET', `/v1/humans/${busy.id}/calendars`, key)).data as Array<{ id: string }>;
    const sync = (humanId: string, calendarId: string) => call(api.url, 'POST', `/v1/humans/${humanId}/calendars/${calendarId}/sync`, key);
    const UNCHANGED = 50;
    const cpuBefore = api.cpuMs();
    for (let i = 0; i < UNCHANGED; i++) await sync(busy.id, calendars[0]!.id);
    const cpuPerUnchanged = (api.cpuMs() - cpuBefore) / UNCHANGED;
    // The same request's cost without the read (auth, the calendar's row and answer): what is left is the read's own.
    const baseBefore = api.cpuMs();
    for (let i = 0; i < UNCHANGED; i++) await call(api.url, 'GET', `/v1/humans/${busy.id}/calendars/${calendars[0]!.id}`, key);
    const cpuPerGet = (api.cpuMs() - baseBefore) / UNCHANGED;

    // Changed: a feed of 5,000 events (1,000 weekly series, 4,000 single events) in which a few
    // meetings were added since the last read: read, expanded and stored (only the difference).
    const big = await human('Big feed');
    const bigFeed = largeFeed({ series: 1000, singles: 4000, around: AROUND });
    feeds.set('/big.ics', bigFeed);
    const firstStarted = performance.now();
    const connected = await call(api.url, 'POST', `/v1/humans/${big.id}/calendars`, key, { url: `${base}/big.ics` });
    const firstMs = performance.now() - firstStarted;
    const changedMs: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const extra = Array.from({ length: 5 * i }, (_, k) => {
        const start = new Date(AROUND + (k + 1) * DAY + 21 * 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
        const end = new Date(AROUND + (k + 1) * DAY + 22 * 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
        return `BEGIN:VEVENT\r\nUID:added-${i}-${k}@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:${start}Z\r\nDTEND:${end}Z\r\nEND:VEVENT\r\n`;
      }).join('');
      feeds.set('/big.ics', bigFeed.replace('END:VCALENDAR', `${extra}END:VCALENDAR`));
      const started = performance.now();
      const read = await sync(big.id, connected.id);
      changedMs.push(performance.now() - started);
      if (read.status !== 'ok') throw new Error(`the big feed did not read: ${JSON.stringify(read.last_error)}`);
    }
    changedMs.sort((a, b) => a - b);
    const peakRss = api.peakRssMiB();
    // The job's phase reads JOB_CALENDARS calendars (the four above and small ones), so that a
    // window holds a few hundred reads and the polls' share of it is small.
    const smallPaths = Array.from({ length: JOB_CALENDARS - 4 }, (_, i) => `/small-${i}.ics`);
    for (const [i, path] of smallPaths.entries()) feeds.set(path, largeFeed({ series: 3, singles: 7, around: AROUND + i * 3_600_000 }));
    const smallConnections = await connectFeeds(
      api.url,
      key,
      smallPaths.map((path) => base + path),
    );

    // The refresh job itself: the API process with its background jobs on and a 1 s sync
    // interval, left alone (no requests) while it re-reads the unchanged feeds; its CPU over
    // the 304s it was answered, polls included, right after the start (V8 and PGlite's WASM
    // still compiling) and once warmed up; then, with every calendar disconnected, what the same
    // process spends idle, which is not the reads' cost.
    await api.stop();
    api = await startProcess('src/server.ts', {
      DATA_DIR: dataDir,
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      ...BENCH_RATE_LIMIT,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      CALENDAR_SYNC_SECONDS: '1',
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const jobWindowMs = Math.max(5, load.duration) * 2_000;
    const answered304 = () => conditional304;
    const jobCold = await cpuPer304(() => api.cpuMs(), answered304, jobWindowMs);
    await new Promise((resolve) => setTimeout(resolve, JOB_WARMUP_MS));
    const jobWarm = await cpuPer304(() => api.cpuMs(), answered304, jobWindowMs);
    const connections = [...calendars.map((c) => [busy.id, c.id] as const), [big.id, connected.id] as const, ...smallConnections];
    for (const [humanId, calendarId] of connections) {
      await call(api.url, 'DELETE', `/v1/humans/${humanId}/calendars/${calendarId}`, key);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = await idlePerSecond(() => api.cpuMs(), jobWindowMs);
    await api.stop();
    // The same job in `pnpm worker` on the PostgreSQL server store, the same feeds.
    const paths = [...[0, 1, 2].map((i) => `/feed-${i}.ics`), ...smallPaths, '/big.ics'];
    const serverJob = await serverWorkerCpu({ base, paths, answered304 }, jobWindowMs);

    return [
      figure('busy intervals stored for the human (3 calendars)', events, 'intervals', 'calendars_busy_intervals'),
      figure('starts listed over 14 days with calendars', listed, 'slots', 'calendars_listed'),
      figure('starts listed over 14 days without calendars', free, 'slots', 'calendars_plain_listed'),
      figure(`GET slots req/s with calendars, ${load.connections} connections`, runs.with!.rps, 'req/s', 'calendars_slots_rps'),
      figure(`GET slots req/s without calendars, ${load.connections} connections`, runs.without!.rps, 'req/s', 'calendars_plain_slots_rps'),
      figure(
        'with calendars, share of the throughput without (target at least 80 %)',
        Math.round((runs.with!.rps / runs.without!.rps) * 100),
        '%',
        'calendars_slots_share',
      ),
      figure(
        'server CPU per POST …/sync of an unchanged feed (304), the whole request',
        tenths(cpuPerUnchanged),
        'ms',
        'calendars_unchanged_request_cpu_ms',
      ),
      figure(
        "the read's own CPU in it (less a GET of the same calendar): conditional GET, 304, outcome written",
        tenths(cpuPerUnchanged - cpuPerGet),
        'ms',
        'calendars_unchanged_cpu_ms',
      ),
      figure(
        'changed feed of 5,000 events (a few meetings added) read, expanded and stored (POST …/sync, median of 3)',
        Math.round(changedMs[1]!),
        'ms',
        'calendars_changed_read_ms',
        'under 1,000 ms',
      ),
      figure(
        'the same feed connected (first read: every interval stored), POST …/calendars',
        Math.round(firstMs),
        'ms',
        'calendars_first_read_ms',
      ),
      figure(
        `refresh job, embedded store: unchanged reads (304) in the warmed-up window, ${JOB_CALENDARS} calendars, 1 s interval`,
        jobWarm.reads,
        'reads',
        'calendars_job_reads',
      ),
      figure(
        "refresh job, embedded store, in its first seconds: the API process's CPU per unchanged read (304), everything included",
        tenths(jobCold.cpuPerRead),
        'ms',
        'calendars_job_cold_cpu_ms',
      ),
      figure(
        `refresh job, embedded store, after ${JOB_WARMUP_MS / 1000} s: the API process's CPU per unchanged read (304), everything included (PGlite's SQL too)`,
        tenths(jobWarm.cpuPerRead),
        'ms',
        'calendars_job_warm_cpu_ms',
      ),
      figure(
        'the same process with its calendars disconnected (idle, jobs on), CPU per second',
        tenths(idle.cpu),
        'ms',
        'calendars_idle_cpu_ms_per_s',
      ),
      figure(
        "refresh job, embedded store, warmed up: the API process's CPU per unchanged read (304), its idle CPU taken out",
        tenths(marginalPerRead(jobWarm, idle.cpu, jobWindowMs)),
        'ms',
        'calendars_job_unchanged_cpu_ms',
        'under 5 ms',
      ),
      figure(
        `refresh job in \`pnpm worker\`, PostgreSQL server store, after ${JOB_WARMUP_MS / 1000} s: the worker's CPU per unchanged read (304), everything included`,
        tenths(serverJob.cpuPerRead),
        'ms',
        'calendars_worker_cpu_ms',
      ),
      figure(
        `refresh job in \`pnpm worker\`: unchanged reads (304) while measured, ${JOB_CALENDARS} calendars`,
        serverJob.reads,
        'reads',
        'calendars_worker_reads',
      ),
      figure(
        'the same worker with its calendars disconnected (polling every job), CPU per second',
        tenths(serverJob.idleCpuPerSecond),
        'ms',
        'calendars_worker_idle_cpu_ms_per_s',
      ),
      figure(
        "refresh job in `pnpm worker`: the worker's CPU per unchanged read (304), its idle CPU taken out",
        tenths(marginalPerRead(serverJob, serverJob.idleCpuPerSecond, jobWindowMs)),
        'ms',
        'calendars_worker_unchanged_cpu_ms',
        'under 5 ms',
      ),
      // Only when the server runs on this machine (its processes can be read).
      ...(serverJob.postgresPerRead === undefined || serverJob.postgresIdlePerSecond === undefined
        ? []
        : [
            figure(
              "the PostgreSQL server's CPU per such read (every postgres process), its idle CPU taken out",
              tenths(
                marginalPerRead(
                  { reads: serverJob.reads, cpuPerRead: serverJob.postgresPerRead },
                  serverJob.postgresIdlePerSecond,
                  jobWindowMs,
                ),
              ),
              'ms',
              'calendars_worker_postgres_cpu_ms',
            ),
          ]),
      figure('busy intervals from the 5,000-event feed', connected.busy_count, 'intervals', 'calendars_big_feed_intervals'),
      figure('peak RSS of the API process', peakRss, 'MiB', 'calendars_peak_rss_mib'),
    ];
  } finally {
    await api.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}
