// The house's arrows, checked by `pnpm test` (turbo's lint task runs `depcruise`): the
// contract and the slot engine import nothing of ours, the SDK only the contract, inside
// apps/api no layer imports one above it (docs/architecture.md lists them), and nothing
// imports in a circle.
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
      name: 'api-layers-lib',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. lib imports nothing above it (config, db, services, jobs, http, routes, the processes).',
      from: { path: '^apps/api/src/lib/' },
      to: {
        path: '(^apps/api/src/config\\.ts$)|(^apps/api/src/db/)|(^apps/api/src/services/)|(^apps/api/src/jobs/)|(^apps/api/src/http/)|(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)',
      },
    },
    {
      name: 'api-layers-config',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. config imports nothing above it (db, services, jobs, http, routes, the processes).',
      from: { path: '^apps/api/src/config\\.ts$' },
      to: {
        path: '(^apps/api/src/db/)|(^apps/api/src/services/)|(^apps/api/src/jobs/)|(^apps/api/src/http/)|(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)',
      },
    },
    {
      name: 'api-layers-db',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. db imports nothing above it (services, jobs, http, routes, the processes).',
      from: { path: '^apps/api/src/db/' },
      to: {
        path: '(^apps/api/src/services/)|(^apps/api/src/jobs/)|(^apps/api/src/http/)|(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)',
      },
    },
    {
      name: 'api-layers-services',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. services imports nothing above it (jobs, http, routes, the processes).',
      from: { path: '^apps/api/src/services/' },
      to: {
        path: '(^apps/api/src/jobs/)|(^apps/api/src/http/)|(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)',
      },
    },
    {
      name: 'api-layers-jobs',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. jobs imports nothing above it (http, routes, the processes).',
      from: { path: '^apps/api/src/jobs/' },
      to: { path: '(^apps/api/src/http/)|(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)' },
    },
    {
      name: 'job-runner-knows-no-job',
      severity: 'error',
      comment: 'The shared runner (jobs/runner) is the same for every job: it imports none of them.',
      from: { path: '^apps/api/src/jobs/runner/' },
      to: { path: '^apps/api/src/jobs/(?!runner/)' },
    },
    {
      name: 'jobs-are-independent',
      severity: 'error',
      comment: 'A job (jobs/<job>/) uses the runner, never another job: what two jobs share goes in the runner or below.',
      from: { path: '^apps/api/src/jobs/([^/]+)/' },
      to: { path: '^apps/api/src/jobs/', pathNot: ['^apps/api/src/jobs/runner/', '^apps/api/src/jobs/$1/'] },
    },
    {
      name: 'api-layers-http',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. http imports nothing above it (routes, the processes).',
      from: { path: '^apps/api/src/http/' },
      to: { path: '(^apps/api/src/routes/)|(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)' },
    },
    {
      name: 'api-layers-routes',
      severity: 'error',
      comment:
        'apps/api layers, lowest first: lib, config, db, services, jobs, http, routes, the processes. routes imports nothing above it (the processes).',
      from: { path: '^apps/api/src/routes/' },
      to: { path: '(^apps/api/src/(app|server|worker)\\.ts$|^apps/api/src/cli/)' },
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
