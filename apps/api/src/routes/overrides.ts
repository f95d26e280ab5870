import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { createOverride } from '../services/overrides/create-override.js';
import { deleteOverride } from '../services/overrides/delete-override.js';
import { listOverrides } from '../services/overrides/list-overrides.js';

const s = initServer();

export function overridesRouter(deps: ServiceDeps) {
  return s.router(contract.overrides, {
    create: async ({ params, body, res }) => ({
      status: 201,
      body: await createOverride(deps, organizationOf(res).id, params.human_id, body),
    }),
    list: async ({ params, query, res }) => ({
      status: 200,
      body: await listOverrides(deps, organizationOf(res).id, params.human_id, query),
    }),
    delete: async ({ params, res }) => {
      await deleteOverride(deps, organizationOf(res).id, params.human_id, params.override_id);
      return { status: 204, body: undefined };
    },
  });
}
