import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { getUsage } from '../services/billing/get-usage.js';

const s = initServer();

export function usageRouter(deps: ServiceDeps) {
  return s.router(contract.usage, {
    get: async ({ res }) => ({
      status: 200,
      body: await getUsage(deps, organizationOf(res)),
    }),
  });
}
