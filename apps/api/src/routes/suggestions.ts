import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import { schedulesFor } from '../http/authenticate.js';
import type { ServiceDeps } from '../services/deps.js';
import type { CachedSchedules } from '../services/schedule/cached-schedules.js';
import { listSuggestions } from '../services/suggestions/list-suggestions.js';

const s = initServer();

export function suggestionsRouter({ clock }: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract.suggestions, {
    // Read ahead with the key like GET /v1/slots (http/schedule-prefetch.ts), unless the query has a `when`.
    list: async ({ query, res }) => ({
      status: 200,
      body: await listSuggestions({ clock, readSchedules: schedulesFor(res, schedules) }, query),
    }),
  });
}
