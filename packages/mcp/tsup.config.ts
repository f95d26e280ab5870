import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/bin.ts'],
  format: ['esm'],
  // The contract is a private workspace package: its schemas are bundled in, so the
  // published server depends only on the SDK, the MCP SDK, ts-rest and zod.
  noExternal: ['@humantime/contract'],
  external: ['@humantime/sdk', '@modelcontextprotocol/sdk', '@ts-rest/core', 'zod'],
  dts: { entry: 'src/index.ts', compilerOptions: { paths: { '@humantime/contract': ['../contract/src/index.ts'] } } },
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
});
