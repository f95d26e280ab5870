import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const contractSrc = path.resolve(import.meta.dirname, '../contract/src') + path.sep;

/**
 * The contract's modules only declare schemas and routers, but its package.json does not
 * say "sideEffects": false, so esbuild would keep every module it re-exports, including the
 * admin contract, which must never ship in the public SDK. This tells esbuild the truth, so
 * the modules the SDK does not use are dropped.
 */
const contractHasNoSideEffects: EsbuildPlugin = {
  name: 'contract-has-no-side-effects',
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'contract-has-no-side-effects') return undefined;
      const result = await build.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: 'contract-has-no-side-effects',
      });
      if (result.errors.length > 0 || !result.path.startsWith(contractSrc)) return undefined;
      return { path: result.path, sideEffects: false };
    });
  },
};

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The contract is a private workspace package: its code and types are bundled in, so the
  // published SDK depends only on @ts-rest/core and zod.
  noExternal: ['@humantime/contract'],
  external: ['@ts-rest/core', 'zod'],
  esbuildPlugins: [contractHasNoSideEffects],
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
