import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs once per store: always on embedded PGlite, and on a PostgreSQL server
// when TEST_DATABASE_URL names one (.ci/run sets it). Each test file gets a fresh database.
const postgres = process.env.TEST_DATABASE_URL;
// And once more through PgBouncer in transaction mode, where it is installed (.ci/run installs it).
const pgbouncer = postgres && ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].some((p) => existsSync(p));

// test/fuzz.test.ts draws its requests from this seed: a fresh one per run unless FUZZ_SEED
// names one, so a failure printed by CI replays with the same seed (and FUZZ_PATH).
const fuzz = {
  FUZZ_SEED: process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
  ...(process.env.FUZZ_PATH ? { FUZZ_PATH: process.env.FUZZ_PATH } : {}),
  ...(process.env.FUZZ_RUNS ? { FUZZ_RUNS: process.env.FUZZ_RUNS } : {}),
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'embedded',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // test/multiprocess shares one database between processes, and test/faults stops
          // and starts a PostgreSQL instance of its own: PostgreSQL only.
          exclude: [...configDefaults.exclude, 'test/multiprocess/**', 'test/faults/**', 'test/pgbouncer/**'],
          env: { HT_TEST_STORE: 'embedded', ...fuzz },
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['test/**/*.test.ts', 'src/db/**/*.test.ts'],
                // test/process spawns the server on the embedded store (its data directory,
                // pid lock and generated admin token); it has nothing to add on a server.
                // test/mcp reaches the store only through /v1, which runs on both already.
                exclude: [...configDefaults.exclude, 'test/process/**', 'test/mcp/**', 'test/pgbouncer/**'],
                env: { HT_TEST_STORE: 'postgres', ...fuzz },
              },
            },
          ]
        : []),
      ...(pgbouncer
        ? [
            {
              extends: true as const,
              test: {
                name: 'pgbouncer',
                // The in-process suites and the migration runner, on connections PgBouncer
                // lends per transaction. Not pooled-connections.test.ts: it checks that a
                // connection keeps its backend, which a pooler by design does not promise.
                include: ['test/*.test.ts', 'test/pgbouncer/*.test.ts', 'src/db/**/*.test.ts'],
                exclude: [...configDefaults.exclude, 'test/pooled-connections.test.ts'],
                globalSetup: ['test/pgbouncer/global-setup.ts'],
                env: { HT_TEST_STORE: 'postgres', HT_TEST_POOLER: 'pgbouncer', ...fuzz },
              },
            },
          ]
        : []),
    ],
  },
});
