import { defineConfig } from 'vite';

// The API serves dist/ at /dashboard (same origin), so every asset URL carries that base.
// Vite transforms TSX with the automatic JSX runtime from tsconfig; no plugin is needed
// because the dashboard uses no fast refresh or React compiler.
export default defineConfig({
  base: '/dashboard/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names let the server cache assets for a year and index.html not at all.
    assetsDir: 'assets',
    sourcemap: false,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
