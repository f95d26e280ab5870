// `pnpm bench`: every figure of docs/benchmarks.md in one run, one process tree.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchCalendarsHttp } from './calendars-http.js';
import { benchGroupSlotsHttp } from './group-slots-http.js';
import { benchSlotsHttp } from './slots-http.js';
import { benchBookingsHttp } from './bookings-http.js';
import { benchFaults } from './faults.js';
import { benchWebhooks } from './webhooks-http.js';
import { freshDatabase, REPO_DIR } from './processes.js';
import { renderReport, type Figure } from './report.js';
import { benchSeeded } from './seeded-http.js';
import { SEEDED_HEADING } from './seeded-report.js';

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function slotEngine(): Promise<Figure[]> {
  const script = path.join(REPO_DIR, 'packages', 'slot-engine', 'bench', 'slot-engine.bench.ts');
  const child = spawn(path.join(REPO_DIR, 'node_modules', '.bin', 'tsx'), [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((r) => child.once('exit', r));
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error('slot-engine bench printed no BENCH_JSON line');
  const r = JSON.parse(line.slice('BENCH_JSON '.length));
  return [
    {
      section: 'Slot engine (62 days, 30-min grid, 200 bookings, 20 overrides)',
      name: 'time per query (mean)',
      value: r.slot_engine_ms_per_query,
      unit: 'ms',
      key: 'slot_engine_ms_per_query',
      target: '≤ 1 ms',
    },
    {
      section: 'Slot engine (62 days, 30-min grid, 200 bookings, 20 overrides)',
      name: 'time per query (p99)',
      value: r.slot_engine_p99_ms,
      unit: 'ms',
      key: 'slot_engine_p99_ms',
    },
    {
      section: 'Slot engine (62 days, 30-min grid, 200 bookings, 20 overrides)',
      name: 'slots per second',
      value: r.slots_per_second,
      unit: 'slots/s',
      key: 'slot_engine_slots_per_second',
    },
    {
      section: 'Slot engine, all scheduling rules on (buffers, notice, horizon, 15-min interval, daily max)',
      name: 'time per query (mean)',
      value: r.slot_engine_all_rules_ms_per_query,
      unit: 'ms',
      key: 'slot_engine_all_rules_ms_per_query',
      target: '≤ 1 ms',
    },
    {
      section: 'Slot engine, all scheduling rules on (buffers, notice, horizon, 15-min interval, daily max)',
      name: 'time per query (p99)',
      value: r.slot_engine_all_rules_p99_ms,
      unit: 'ms',
      key: 'slot_engine_all_rules_p99_ms',
    },
  ];
}

/** PGlite's own peak RSS (bench/pglite-floor.mjs, plain node): the median of three fresh processes. */
async function pgliteFloor(): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const child = spawn(process.execPath, [path.join(REPO_DIR, 'apps', 'api', 'bench', 'pglite-floor.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise((r) => child.once('exit', r));
    const line = out.split('\n').find((l) => l.startsWith('PGLITE_FLOOR_MIB '));
    if (!line) throw new Error('pglite-floor printed no PGLITE_FLOOR_MIB line');
    runs.push(Number(line.slice('PGLITE_FLOOR_MIB '.length)));
  }
  return runs.sort((a, b) => a - b)[1]!;
}

function memoryFigures(figures: Figure[], floor: number): Figure[] {
  const embedded = figures.find((f) => f.key === 'peak_rss_embedded_mib')?.value;
  const postgres = Math.max(...figures.filter((f) => f.key.startsWith('peak_rss_postgres')).map((f) => f.value));
  return [
    {
      section: 'Memory',
      name: 'PGlite floor: an empty embedded store in a bare node process (median of 3)',
      value: floor,
      unit: 'MiB',
      key: 'pglite_floor_mib',
    },
    ...(embedded === undefined
      ? []
      : [
          {
            section: 'Memory',
            name: 'embedded server peak above the PGlite floor',
            value: Math.round((embedded - floor) * 10) / 10,
            unit: 'MiB',
            key: 'embedded_above_floor_mib',
            target: '≤ 100 MiB',
          },
        ]),
    {
      section: 'Memory',
      name: 'PostgreSQL server peak, highest of its runs',
      value: postgres,
      unit: 'MiB',
      key: 'peak_rss_postgres_max_mib',
      target: '≤ 150 MiB',
    },
  ];
}

/**
 * The seeded section's block of docs/benchmarks.md: measured now when BENCH_SEEDED=1 (it
 * seeds a million bookings the first time, and takes some ten minutes), else the recorded one,
 * kept as it is.
 */
async function seededBlock(work: string, figures: Figure[]): Promise<string> {
  const page = readFileSync(path.join(REPO_DIR, 'docs', 'benchmarks.md'), 'utf8');
  const start = page.indexOf(SEEDED_HEADING);
  const upTo = (i: number) => (i < 0 ? undefined : i);
  const kept = start < 0 ? '' : page.slice(start, upTo(page.indexOf('\n## ', start + 1)));
  if (process.env.BENCH_SEEDED !== '1') return kept;
  const seeded = await benchSeeded(work, { duration: DURATION, connections: CONNECTIONS });
  figures.push(...seeded.figures);
  // The block's prose (how it is run, what the figures mean) stays; its tables are this run's.
  const prose = kept ? kept.slice(0, upTo(kept.search(/\n### /))) : SEEDED_HEADING;
  return `${prose.trim()}\n${seeded.markdown}\n`;
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'humantime-bench-'));
  const figures: Figure[] = [];
  let kept = '';
  try {
    console.error(`bench: ${DURATION}s per load run, ${CONNECTIONS} connections`);
    figures.push(...(await slotEngine()));
    figures.push(...(await benchSlotsHttp(work, { kind: 'embedded' }, { duration: DURATION, connections: CONNECTIONS })));
    figures.push(
      ...(await benchSlotsHttp(
        work,
        { kind: 'postgres', databaseUrl: await freshDatabase('humantime_bench_slots') },
        { duration: DURATION, connections: CONNECTIONS },
      )),
    );
    figures.push(...(await benchGroupSlotsHttp(work, { duration: DURATION, connections: CONNECTIONS })));
    figures.push(...(await benchCalendarsHttp(work, { duration: DURATION, connections: CONNECTIONS })));
    figures.push(...(await benchBookingsHttp(await freshDatabase('humantime_bench'), { duration: DURATION, connections: CONNECTIONS })));
    figures.push(...(await benchWebhooks(await freshDatabase('humantime_bench_webhooks'))));
    figures.push(...memoryFigures(figures, await pgliteFloor()));
    figures.push(...(await benchFaults()));
    kept = await seededBlock(work, figures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const elapsed = Math.round((Date.now() - started) / 1000);
  const { table, markdown, json } = renderReport(
    figures.filter((f) => !f.key.startsWith('seeded_')),
    { durationSeconds: DURATION, connections: CONNECTIONS, elapsedSeconds: elapsed },
    kept,
  );
  Object.assign(
    json,
    Object.fromEntries(figures.filter((f) => f.key.startsWith('seeded_')).map((f) => [f.key, { value: f.value, unit: f.unit }])),
  );
  console.log(table);
  mkdirSync(path.join(REPO_DIR, 'bench'), { recursive: true });
  writeFileSync(path.join(REPO_DIR, 'bench', 'results.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(REPO_DIR, 'docs', 'benchmarks.md'), markdown);
  console.log(`\nwrote bench/results.json and docs/benchmarks.md (${elapsed}s)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
