import { defineConfig } from 'vite';

// The API serves dist/ at /dashboard (same origin), so every asset URL carries that base.
// Vite transforms TSX with the automatic JSX runtime from tsconfig; no plugin is needed
// because the dashboard uses no fast refresh or React compiler.
export default defineConfig({
  base: '/dashboard/',
  // `pnpm --filter @humantime/web dev` serves the pages with hot reload and sends the API
  // calls to a running `pnpm start` (same path, so cookies and the CSRF check still hold).
  server: { proxy: { '/dashboard/api': process.env.HUMANTIME_URL ?? 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names let the server cache assets for a year and index.html not at all.
    assetsDir: 'assets',
    sourcemap: false,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
