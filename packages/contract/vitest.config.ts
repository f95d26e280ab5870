import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Property tests do real work; CI shares 2 cores between every package's tasks.
    testTimeout: 60_000,
  },
});
