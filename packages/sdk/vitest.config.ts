import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The build test runs tsup when dist/ is missing or stale.
    testTimeout: 20_000,
  },
});
