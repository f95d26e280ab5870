import { mkdir, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from '../config.js';
import { embeddedStoreDir, openStore } from '../db/open-store.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import { seedDatabase } from '../seed/index.js';

const HELP = `humantime seed: fill a database like a large customer's, for benchmarks

Usage:
  pnpm seed --bookings 1000000 --humans 10000 --organizations 20 --months 15
            [--database-url URL | --data-dir DIR] [--keys-out FILE.json]
            [--cancelled-share 0.166] [--webhooks 1] [--seed N]

Migrates the target if needed, seeds it (meant for an empty database: one seed's ids are fixed),
runs ANALYZE and prints the rows written per table and the time taken. Without --database-url
the embedded store in --data-dir (default apps/api/data, the server's default DATA_DIR) is seeded; stop the
server first. --keys-out writes [{id, apiKey, humanIds}] per organization: the keys authenticate.
`;

const number = (value: string | undefined, flag: string, fallback?: number): number => {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
  return n;
};

async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      bookings: { type: 'string' },
      humans: { type: 'string' },
      organizations: { type: 'string' },
      months: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'keys-out': { type: 'string' },
      'cancelled-share': { type: 'string' },
      webhooks: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void process.stdout.write(HELP);
  const databaseUrl = values['database-url'];
  const dataDir = values['data-dir'] ?? DEFAULT_DATA_DIR;
  let unlock = async () => {};
  if (!databaseUrl) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const store = await openStore(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: embeddedStoreDir(dataDir) });
  try {
    const applied = await store.migrate();
    if (applied.length) process.stderr.write(`applied ${applied.length} migrations\n`);
    const started = performance.now();
    const result = await seedDatabase(store.sql, {
      organizations: number(values.organizations, '--organizations', 1),
      humans: number(values.humans, '--humans', 10),
      bookings: number(values.bookings, '--bookings', 1000),
      months: number(values.months, '--months', 3),
      cancelledShare: number(values['cancelled-share'], '--cancelled-share', 0.166),
      webhooksPerOrganization: number(values.webhooks, '--webhooks', 1),
      ...(values.seed !== undefined ? { randomSeed: number(values.seed, '--seed') } : {}),
    });
    const seeded = performance.now();
    await store.sql('ANALYZE');
    const analyzed = performance.now();
    if (values['keys-out']) await writeFile(values['keys-out'], `${JSON.stringify(result.organizations, null, 2)}\n`);
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    process.stdout.write(
      `${JSON.stringify({ store: store.kind, counts: result.counts, seed_s: seconds(seeded - started), analyze_s: seconds(analyzed - seeded) }, null, 2)}\n`,
    );
  } finally {
    await store.close();
    await unlock();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
