// The `seeded` section's tables: one row per endpoint, the empty and the seeded database side by side.
import type { Figure } from './report.js';
import { shortHistoryShape, type PreparedDatabase, type SeedShape } from './seeded-databases.js';
import type { Measured, SeededLoad } from './seeded-http.js';

export interface StoreRun {
  kind: 'postgres' | 'embedded';
  shape: SeedShape;
  seeded: PreparedDatabase;
  empty: Measured[];
  seededRuns: Measured[];
  /** The first pages only, on the short-history database. */
  shortRuns: Measured[];
}

/** Below this share of the empty database's throughput, and above this p99, a row is marked. */
export const RATIO_FLOOR = 0.8;
export const P99_CEILING_MS = 50;

/** The heading the section's block in docs/benchmarks.md starts with (run.ts keeps the block between runs). */
export const SEEDED_HEADING = '## Against a seeded database';

const n = (x: number) => x.toLocaleString('en-US');
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

function title(r: StoreRun): string {
  const store = r.kind === 'postgres' ? 'PostgreSQL server' : 'embedded store';
  const { organizations, humans, bookings, months } = r.shape;
  return `${store}: ${n(bookings)} bookings (${n(organizations)} organizations, ${n(humans)} humans, ${months} months)`;
}

const ratioOf = (a: Measured, b: Measured) => Math.round((a.result.rps / Math.max(1, b.result.rps)) * 100) / 100;

function shortLine(shape: SeedShape): string {
  const short = shortHistoryShape(shape);
  return `the same organizations, ${n(short.humans)} humans and ${n(short.bookings)} bookings over ${short.months} months, every first page full`;
}

function rows(r: StoreRun) {
  return r.seededRuns.map((s) => {
    const e = r.empty.find((x) => x.name === s.name)!;
    const short = r.shortRuns.find((x) => x.name === s.name);
    const ratio = ratioOf(s, e);
    const toShort = short && ratioOf(s, short);
    return { name: s.name, e, s, short, ratio, toShort, low: ratio < RATIO_FLOOR, slow: s.result.p99 > P99_CEILING_MS };
  });
}

/** The markdown block (tables for every store), the figures for bench/results.json, and the same as plain text. */
export function seededMarkdown(runs: StoreRun[], load: SeededLoad): { figures: Figure[]; markdown: string } {
  const md: string[] = [];
  const figures: Figure[] = [];
  for (const r of runs) {
    // The server's WAL a request (the embedded store has no such statistics).
    const wal = r.kind === 'postgres';
    const seed = r.seeded.reused ? 'a kept seeded database, reused' : `seeded in ${n(r.seeded.seedSeconds)} s`;
    md.push(
      '',
      `### ${title(r)}`,
      '',
      `${seed}; rows: ${Object.entries(r.seeded.seed.counts)
        .map(([k, v]) => `${k} ${n(v)}`)
        .join(', ')}.`,
      '',
      `Short history (the first pages only): ${shortLine(r.shape)}.`,
      '',
      `| endpoint | req/s empty | req/s seeded | seeded ÷ empty | req/s short history | seeded ÷ short | p50 seeded | p99 seeded | CPU ms/req empty → seeded |${wal ? ' WAL KB/req empty → seeded |' : ''}`,
      `|---|---|---|---|---|---|---|---|---|${wal ? '---|' : ''}`,
    );
    for (const row of rows(r)) {
      const ratio = `${row.ratio.toFixed(2)}${row.low ? ' ⚠ < 0.8' : ''}`;
      const p99 = `${row.s.result.p99} ms${row.slow ? ' ⚠ > 50' : ''}`;
      const short = row.short ? `${n(row.short.result.rps)} | ${row.toShort!.toFixed(2)}` : '– | –';
      md.push(
        `| ${row.name} | ${n(row.e.result.rps)} | ${n(row.s.result.rps)} | ${ratio} | ${short} | ${row.s.result.p50} ms | ${p99} | ${row.e.cpuMs} → ${row.s.cpuMs} |${wal ? ` ${row.e.walKb ?? '–'} → ${row.s.walKb ?? '–'} |` : ''}`,
      );
      const key = `seeded_${r.kind}_${slug(row.name)}`;
      const section = `Against a seeded database, ${title(r)}`;
      figures.push(
        { section, name: `${row.name}: req/s empty`, value: row.e.result.rps, unit: 'req/s', key: `${key}_rps_empty` },
        { section, name: `${row.name}: req/s seeded`, value: row.s.result.rps, unit: 'req/s', key: `${key}_rps_seeded` },
        { section, name: `${row.name}: seeded ÷ empty`, value: row.ratio, unit: '×', key: `${key}_ratio`, target: `≥ ${RATIO_FLOOR}` },
        ...(row.short
          ? [
              { section, name: `${row.name}: req/s short history`, value: row.short.result.rps, unit: 'req/s', key: `${key}_rps_short` },
              { section, name: `${row.name}: seeded ÷ short history`, value: row.toShort!, unit: '×', key: `${key}_ratio_short` },
            ]
          : []),
        { section, name: `${row.name}: p50 seeded`, value: row.s.result.p50, unit: 'ms', key: `${key}_p50_ms` },
        {
          section,
          name: `${row.name}: p99 seeded`,
          value: row.s.result.p99,
          unit: 'ms',
          key: `${key}_p99_ms`,
          target: `≤ ${P99_CEILING_MS} ms`,
        },
      );
    }
  }
  const missed = runs.flatMap((r) =>
    rows(r)
      .filter((x) => x.low || x.slow)
      .map((x) => `${r.kind}: ${x.name}`),
  );
  md.push(
    '',
    `${load.duration} s per endpoint and database, ${load.connections} connections; marked (⚠): seeded ÷ empty under ${RATIO_FLOOR}, p99 over ${P99_CEILING_MS} ms (${missed.length} rows).`,
  );
  return { figures, markdown: md.join('\n') };
}
