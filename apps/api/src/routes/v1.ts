import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../services/deps.js';
import type { KeyAuthority } from '../services/organizations/key-authority.js';
import { bookingsRouter } from './bookings.js';
import { eventsRouter } from './events.js';
import { holdsRouter } from './holds.js';
import { humansRouter } from './humans.js';
import { overridesRouter } from './overrides.js';
import { slotsRouter } from './slots.js';
import { usageRouter } from './usage.js';
import { webhooksRouter } from './webhooks.js';

const s = initServer();

/**
 * Every /v1 route of the contract; ts-rest refuses to compile if one is missing. `authority`
 * is the one authenticate() uses: the slots and booking routes read schedules through it.
 */
export function v1Router(deps: ServiceDeps, authority: KeyAuthority) {
  return s.router(contract, {
    humans: humansRouter(deps, authority),
    overrides: overridesRouter(deps),
    slots: slotsRouter(deps, authority),
    bookings: bookingsRouter(deps, authority),
    holds: holdsRouter(deps),
    webhooks: webhooksRouter(deps),
    usage: usageRouter(deps),
    events: eventsRouter(deps),
  });
}
