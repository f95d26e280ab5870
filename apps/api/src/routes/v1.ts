import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../services/deps.js';
import { bookingsRouter } from './bookings.js';
import { eventsRouter } from './events.js';
import { humansRouter } from './humans.js';
import { overridesRouter } from './overrides.js';
import { usageRouter } from './usage.js';
import { webhooksRouter } from './webhooks.js';

const s = initServer();

/** Every /v1 route of the contract; ts-rest refuses to compile if one is missing. */
export function v1Router(deps: ServiceDeps) {
  return s.router(contract, {
    humans: humansRouter(deps),
    overrides: overridesRouter(deps),
    bookings: bookingsRouter(deps),
    webhooks: webhooksRouter(deps),
    usage: usageRouter(deps),
    events: eventsRouter(deps),
  });
}
