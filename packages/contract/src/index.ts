import { initContract } from '@ts-rest/core';
import { v1CommonResponses } from './common-responses.js';
import { bookings } from './routes/bookings.js';
import { calendarFeed } from './routes/calendar-feed.js';
import { calendars } from './routes/calendars.js';
import { events } from './routes/events.js';
import { holds } from './routes/holds.js';
import { humans } from './routes/humans.js';
import { overrides } from './routes/overrides.js';
import { slots } from './routes/slots.js';
import { suggestions } from './routes/suggestions.js';
import { usage } from './routes/usage.js';
import { webhooks } from './routes/webhooks.js';
import { withWellFormedStrings } from './well-formed-strings.js';

const c = initContract();

/**
 * The public API, every route under /v1. The Express server implements it and the SDK
 * calls it; both get their types from here. strictStatusCodes makes an undeclared status
 * a compile error on the server, and commonResponses declares the error envelope once.
 * withWellFormedStrings puts every request schema behind the string rule (no U+0000, no
 * lone surrogates) and refuses query parameters a route does not declare, so a route added
 * here cannot forget either.
 */
export const contract = withWellFormedStrings(
  c.router(
    { humans, calendars, overrides, slots, suggestions, bookings, holds, webhooks, usage, events, calendarFeed },
    {
      pathPrefix: '/v1',
      strictStatusCodes: true,
      commonResponses: v1CommonResponses,
    },
  ),
  { knownQuery: true },
);

export type Contract = typeof contract;

export * from './errors.js';
export * from './parse-error-envelope.js';
export * from './well-formed-strings.js';
export * from './webhook-signature.js';
export * from './common-responses.js';
export * from './schemas/common.js';
export * from './schemas/availability.js';
export * from './schemas/scheduling-rules.js';
export * from './schemas/human.js';
export * from './schemas/override.js';
export * from './schemas/slot.js';
export * from './schemas/calendar.js';
export * from './schemas/suggestion.js';
export * from './schemas/when.js';
export * from './schemas/booking.js';
export * from './schemas/hold.js';
export * from './schemas/event.js';
export * from './schemas/check.js';
export * from './schemas/time.js';
export * from './schemas/webhook.js';
export * from './schemas/calendar-feed.js';
export * from './schemas/usage.js';
export * from './schemas/plan.js';
