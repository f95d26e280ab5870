// The databases of the `seeded` section: for each store an "empty" one (the organizations and
// humans, no history), a "seeded" one (the same with the full history) and a "short" one (a
// full first page of every list, little history behind it), seeded once per run.
// A seeded PostgreSQL database is kept between runs and reused when its name says the same
// sizes and the same seeder (docs/benchmarks.md, "Against a seeded database").
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { openStore, embeddedStoreDir } from '../src/db/open-store.js';
import { seedDatabase, type SeedOptions, type SeedResult } from '../src/seed/index.js';
import { API_DIR, SERVER_URL, freshDatabase } from './processes.js';

export type SeedShape = Pick<SeedOptions, 'organizations' | 'humans' | 'bookings' | 'months'>;

/** One database of the section, ready for a server: where it is and what the seeder made in it. */
export interface PreparedDatabase {
  env: Record<string, string>;
  seed: SeedResult;
  /** Seconds the seeding took (0 when a kept database was reused). */
  seedSeconds: number;
  reused: boolean;
}

const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The sizes, from the environment (a smoke run sets them small). The embedded store gets the
 * same organizations and the same bookings per human as the server, over fewer humans: 50,000
 * bookings spread over 10,000 humans would be five per human, another shape.
 */
export function seedShapes(): { postgres: SeedShape; embedded: SeedShape } {
  const organizations = envNumber('BENCH_SEED_ORGANIZATIONS', 20);
  const months = envNumber('BENCH_SEED_MONTHS', 15);
  return {
    postgres: {
      organizations,
      months,
      humans: envNumber('BENCH_SEED_PG_HUMANS', 10_000),
      bookings: envNumber('BENCH_SEED_PG_BOOKINGS', 1_000_000),
    },
    embedded: {
      organizations,
      months,
      humans: envNumber('BENCH_SEED_EMBEDDED_HUMANS', 500),
      bookings: envNumber('BENCH_SEED_EMBEDDED_BOOKINGS', 50_000),
    },
  };
}

/** The options every seeding of the section uses: one random seed, so both databases of a store hold the same ids. */
const options = (shape: SeedShape): SeedOptions => ({ ...shape, randomSeed: 1 });

/** A digest of the seeder's own source, kept with a seeded database: a run on another version of it says so. */
function seederDigest(): string {
  const dir = path.join(API_DIR, 'src', 'seed');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}

/**
 * The kept seeded database's name: a digest of the seed's options, so another shape gets
 * another database. Not of the seeder's source: a change of its text that writes the same rows
 * (most do) would cost a quarter of an hour of seeding; a run on a kept database seeded by
 * another version says so, and BENCH_SEED_FRESH=1 seeds it again.
 */
function seededName(shape: SeedShape): string {
  const key = JSON.stringify(options(shape));
  return `humantime_bench_seeded_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}

function urlOf(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Free bytes where the server keeps its files (`df` on its data directory; here when the server is elsewhere), and df -h's line. */
async function freeDisk(): Promise<{ bytes: number; line: string }> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dir = await admin
    .query<{ data_directory: string }>('SHOW data_directory')
    .then((r) => r.rows[0]!.data_directory)
    .catch(() => '.')
    .finally(() => admin.end());
  const at = existsSync(dir) ? dir : '.';
  const bytes = Number(execFileSync('df', ['-B1', '--output=avail', at], { encoding: 'utf8' }).trim().split('\n').pop());
  return { bytes, line: execFileSync('df', ['-h', at], { encoding: 'utf8' }).trim().split('\n').pop()! };
}

/** What a seeded booking takes on disk with its event, delivery, claim and index entries, with room to spare (measured: see docs). */
const BYTES_PER_BOOKING = 5_000;

/** Migrates a store and seeds it; for the server, records the seed's answer in the database itself. */
async function seedInto(
  store: { databaseUrl?: string; dataDir?: string },
  shape: SeedShape,
): Promise<{ seed: SeedResult; seconds: number }> {
  const opened = await openStore(store);
  try {
    await opened.migrate();
    const started = performance.now();
    const seed = await seedDatabase(opened.sql, options(shape));
    // A long-lived database has been vacuumed (by autovacuum, or on the embedded store by the
    // retention job's vacuum) and analyzed; a freshly loaded one not yet.
    await opened.sql('VACUUM ANALYZE');
    return { seed, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await opened.close();
  }
}

/** The seed's answer kept beside its rows: the API keys are stored only as digests, so they cannot be read back. */
const KEPT_SEED = 'bench_seed';

async function keptSeed(url: string): Promise<{ result: SeedResult; seeder: string } | undefined> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db
      .query<{ result: SeedResult; seeder: string }>(`SELECT result, seeder FROM ${KEPT_SEED}`)
      .catch(() => ({ rows: [] }));
    return rows[0];
  } finally {
    await db.end();
  }
}

async function keepSeed(url: string, seed: SeedResult): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`CREATE TABLE ${KEPT_SEED} (result jsonb NOT NULL, seeder text NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now())`);
    await db.query(`INSERT INTO ${KEPT_SEED} (result, seeder) VALUES ($1, $2)`, [JSON.stringify(seed), seederDigest()]);
  } finally {
    await db.end();
  }
}

/**
 * Applies the migrations added since a kept database was seeded, before its server starts
 * (an index on a million rows takes longer than a server may take to become ready), and
 * vacuums and analyzes what they made: a migration that rewrites every row (bookings'
 * answer_json) leaves as many dead rows, and index-only scans reading the heap, until then.
 */
async function migrateKept(url: string): Promise<void> {
  const store = await openStore({ databaseUrl: url });
  try {
    const applied = await store.migrate();
    if (applied.length) {
      console.error(`seeded: applied ${applied.join(', ')} to the kept database`);
      await store.sql('VACUUM ANALYZE');
    }
  } finally {
    await store.close();
  }
}

/** Names of the databases on the server that start with `prefix`. */
async function databasesNamed(prefix: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    return rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/**
 * The seeded PostgreSQL database: the kept one when it was seeded with these sizes by this
 * seeder (unless BENCH_SEED_FRESH=1), else a new one; kept databases of other sizes are
 * dropped first, for their disk space.
 */
export async function seededServerDatabase(shape: SeedShape): Promise<PreparedDatabase> {
  const name = seededName(shape);
  const url = urlOf(name);
  const existing = await databasesNamed('humantime_bench_seeded_');
  if (existing.includes(name) && process.env.BENCH_SEED_FRESH !== '1') {
    const kept = await keptSeed(url);
    if (kept) {
      if (kept.seeder !== seederDigest())
        console.error(`seeded: ${name} was seeded by another version of the seeder (BENCH_SEED_FRESH=1 seeds again)`);
      await migrateKept(url);
      return { env: { DATABASE_URL: url }, seed: kept.result, seedSeconds: 0, reused: true };
    }
  }
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    for (const other of existing) await admin.query(`DROP DATABASE IF EXISTS ${other} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const disk = await freeDisk();
  console.error(`seeded: seeding ${name} (${shape.bookings.toLocaleString('en-US')} bookings); df -h: ${disk.line}`);
  if (disk.bytes < shape.bookings * BYTES_PER_BOOKING) {
    throw new Error(
      `seeded: ${shape.bookings} bookings need about ${Math.ceil((shape.bookings * BYTES_PER_BOOKING) / 2 ** 30)} GiB free; df -h says ${disk.line}`,
    );
  }
  await freshDatabase(name);
  const { seed, seconds } = await seedInto({ databaseUrl: url }, shape);
  await keepSeed(url, seed);
  return { env: { DATABASE_URL: url }, seed, seedSeconds: seconds, reused: false };
}

/** A PostgreSQL database made afresh every run (seconds) and seeded with `shape`: the empty and the short-history ones. */
export async function freshServerDatabase(name: string, shape: SeedShape): Promise<PreparedDatabase> {
  const url = await freshDatabase(name);
  const { seed, seconds } = await seedInto({ databaseUrl: url }, shape);
  return { env: { DATABASE_URL: url }, seed, seedSeconds: seconds, reused: false };
}

/**
 * The short-history database's sizes: the same organizations, five humans each (the humans
 * whose own lists are read), 110 bookings each over two months, so every first page the
 * section reads is full (a page of 50 bookings, events or deliveries) with little history
 * behind it. Set against the seeded database, it leaves out what the empty one cannot: the
 * cost of a full page against an empty one.
 */
export function shortHistoryShape(shape: SeedShape): SeedShape {
  const humans = shape.organizations * 5;
  return { organizations: shape.organizations, months: 2, humans, bookings: humans * 110 };
}

/** An embedded store in `dataDir` (the server's DATA_DIR), seeded in this process before the server opens it. */
export async function embeddedDatabase(dataDir: string, shape: SeedShape): Promise<PreparedDatabase> {
  const { seed, seconds } = await seedInto({ dataDir: embeddedStoreDir(dataDir) }, shape);
  return { env: { DATA_DIR: dataDir }, seed, seedSeconds: seconds, reused: false };
}
