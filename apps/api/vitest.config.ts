import { defineConfig } from 'vitest/config';

// The API suite runs once per store: always on embedded PGlite, and on a PostgreSQL server
// when TEST_DATABASE_URL names one (.ci/run sets it). Each test file gets a fresh database.
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: { name: 'embedded', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], env: { HT_TEST_STORE: 'embedded' } },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['test/**/*.test.ts', 'src/db/**/*.test.ts'],
                env: { HT_TEST_STORE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
