import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: vitest runs in Node (pure helpers and the browser journey,
// which drives Chromium from Node), while vite.config.ts builds the dashboard.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The journey spawns the API and drives a browser through a dozen pages.
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
