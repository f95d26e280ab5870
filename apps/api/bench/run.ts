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

/** A page's `## ` sections by their heading line, each as its whole text. */
function sectionsOf(page: string): Map<string, string> {
  return new Map(
    page
      .split(/\n(?=## )/)
      .slice(1)
      .map((part) => [part.split('\n', 1)[0]!, part.trim()]),
  );
}

/**
 * The sections of docs/benchmarks.md that this page does not write (others' records, such as
 * the seeded section's and the seed's), kept as they are. The seeded one is measured again
 * when BENCH_SEEDED=1 (it seeds a million bookings the first time and takes some twenty
 * minutes): its prose stays, its tables are this run's.
 */
async function keptSections(work: string, figures: Figure[], written: string): Promise<string> {
  const ours = sectionsOf(written);
  const kept = [...sectionsOf(readFileSync(path.join(REPO_DIR, 'docs', 'benchmarks.md'), 'utf8'))].filter(([h]) => !ours.has(h));
  if (process.env.BENCH_SEEDED === '1') {
    const seeded = await benchSeeded(work, { duration: DURATION, connections: CONNECTIONS });
    figures.push(...seeded.figures);
    const at = kept.findIndex(([h]) => h.startsWith(SEEDED_HEADING));
    const prose = at < 0 ? SEEDED_HEADING : kept[at]![1].split(/\n(?=### )/)[0]!;
    const block: [string, string] = [SEEDED_HEADING, `${prose.trim()}\n${seeded.markdown}`];
    if (at < 0) kept.unshift(block);
    else kept[at] = block;
  }
  return kept.map(([, text]) => text).join('\n\n');
}

async function main() {
  const started = Date.now();
  const work = mkdtempSync(path.join(tmpdir(), 'humantime-bench-'));
  const figures: Figure[] = [];
  let kept: string;
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
    const run = { durationSeconds: DURATION, connections: CONNECTIONS, elapsedSeconds: 0 };
    kept = await keptSections(work, figures, renderReport(figures, run).markdown);
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
