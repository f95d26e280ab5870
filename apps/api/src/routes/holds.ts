import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServerInferResponses } from '@ts-rest/core';
import { organizationOf } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import { confirmHold } from '../services/holds/confirm-hold.js';
import { createHold } from '../services/holds/create-hold.js';
import { getHold, releaseHold } from '../services/holds/release-hold.js';
import { idempotentAnswer } from './idempotent-answer.js';

const s = initServer();

export function holdsRouter(deps: ServiceDeps) {
  return s.router(contract.holds, {
    create: async ({ body, headers, res }) => {
      const outcome = await createHold(deps, organizationOf(res).id, { body, idempotencyKey: headers['idempotency-key'] });
      return idempotentAnswer(res, outcome) as ServerInferResponses<typeof contract.holds.create>;
    },
    get: async ({ params, res }) => ({
      status: 200,
      body: await getHold(deps, organizationOf(res).id, params.hold_id),
    }),
    confirm: async ({ params, body, headers, res }) => {
      const outcome = await confirmHold(deps, organizationOf(res), {
        holdId: params.hold_id,
        body,
        idempotencyKey: headers['idempotency-key'],
      });
      // A replayed response is one this route produced earlier (see bookings.create).
      return idempotentAnswer(res, outcome) as ServerInferResponses<typeof contract.holds.confirm>;
    },
    release: async ({ params, res }) => {
      await releaseHold(deps, organizationOf(res).id, params.hold_id);
      return { status: 204, body: undefined };
    },
  });
}
