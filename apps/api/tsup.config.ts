import { defineConfig } from 'tsup';

// The runtime: `pnpm start` and `pnpm worker` run plain node on these bundles (no tsx at
// run time). The workspace packages that export TypeScript source (contract, slot engine)
// are bundled in, with the generated Prisma client; every npm dependency stays external and
// is loaded from node_modules as usual, so PGlite finds its wasm and data files and Prisma
// its query compiler. Paths read at run time (migrations, the dashboard's pages, the data
// directory) are found from the package root, so they hold from src/ and from dist/ alike.
export default defineConfig({
  entry: ['src/server.ts', 'src/worker.ts'],
  format: ['esm'],
  noExternal: ['@humantime/contract', '@humantime/slot-engine'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
});
