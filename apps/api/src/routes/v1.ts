import { contract } from '@humantime/contract';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../services/deps.js';
import type { CachedSchedules } from '../services/schedule/cached-schedules.js';
import { bookingsRouter } from './bookings.js';
import { calendarFeedRouter } from './calendar-feed.js';
import { calendarsRouter } from './calendars.js';
import { eventsRouter } from './events.js';
import { holdsRouter } from './holds.js';
import { humansRouter } from './humans.js';
import { overridesRouter } from './overrides.js';
import { slotsRouter } from './slots.js';
import { suggestionsRouter } from './suggestions.js';
import { usageRouter } from './usage.js';
import { webhooksRouter } from './webhooks.js';

const s = initServer();

/**
 * Every /v1 route of the contract; ts-rest refuses to compile if one is missing. `schedules`
 * is the cache authenticate() reads along with the key: the slots and booking routes read
 * schedules through it.
 */
export function v1Router(deps: ServiceDeps, schedules: CachedSchedules) {
  return s.router(contract, {
    humans: humansRouter(deps, schedules),
    calendars: calendarsRouter(deps),
    overrides: overridesRouter(deps),
    slots: slotsRouter(deps, schedules),
    suggestions: suggestionsRouter(deps, schedules),
    bookings: bookingsRouter(deps, schedules),
    holds: holdsRouter(deps),
    webhooks: webhooksRouter(deps),
    usage: usageRouter(deps),
    events: eventsRouter(deps),
    calendarFeed: calendarFeedRouter(deps),
  });
}
