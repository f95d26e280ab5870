import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The contract is a private workspace package: its code and types are bundled in, so the
  // published SDK depends only on @ts-rest/core and zod.
  noExternal: ['@humantime/contract'],
  external: ['@ts-rest/core', 'zod'],
  dts: {
    // Resolving the contract through a path (not node_modules) makes rollup-plugin-dts
    // inline its types instead of leaving an import of a package nobody can install;
    // stripInternal drops the resources' constructors, which expose the ts-rest client type.
    compilerOptions: { paths: { '@humantime/contract': ['../contract/src/index.ts'] }, stripInternal: true },
  },
  // "neutral" fails the build if anything pulls in a Node built-in: the client must run on
  // fetch and Web Crypto alone (edge runtimes, Deno, Bun, browsers).
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  splitting: false,
});
