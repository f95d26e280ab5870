// The arrows of STYLE.md, checked by `pnpm test` (turbo's lint task runs `depcruise`):
// the contract and the slot engine import nothing of ours, the SDK only the contract, the
// API's services never import its routes, HTTP layer or app, and nothing imports in a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports (type-only ones too) hides which module depends on which.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'The contract is the source of truth: it imports nothing of ours.',
      from: { path: '^packages/contract/src' },
      to: { path: '^(packages/(sdk|slot-engine|mcp)|apps)/' },
    },
    {
      name: 'slot-engine-is-a-leaf',
      severity: 'error',
      comment: 'The slot engine is pure: it imports nothing of ours.',
      from: { path: '^packages/slot-engine/src' },
      to: { path: '^(packages/(contract|sdk|mcp)|apps)/' },
    },
    {
      name: 'sdk-uses-only-the-contract',
      severity: 'error',
      comment: 'The SDK is built from the contract and nothing else of ours.',
      from: { path: '^packages/sdk/src' },
      to: { path: '^(packages/(slot-engine|mcp)|apps)/' },
    },
    {
      name: 'mcp-speaks-only-through-the-sdk',
      severity: 'error',
      comment: 'The MCP server calls the API only through @humantime/sdk (schemas from the contract); never the API internals.',
      from: { path: '^packages/mcp/src' },
      to: { path: '^(packages/slot-engine|apps)/' },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Services hold the rules; they never reach up into routes, the HTTP layer or the app.',
      from: { path: '^apps/api/src/(services|db|delivery|lib)/' },
      to: { path: '^apps/api/src/(routes|http|app\\.ts|server\\.ts|worker\\.ts)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|/generated/|\\.test\\.ts$|/test/|/bench/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.js'],
    },
  },
};
