import { initContract } from '@ts-rest/core';
import { EventsPageSchema, EventsQuerySchema } from '../schemas/event.js';

const c = initContract();

export const events = c.router({
  list: {
    method: 'GET',
    path: '/events',
    query: EventsQuerySchema,
    responses: { 200: EventsPageSchema },
    summary: 'Read the events feed',
    description:
      "The organization's booking events of the last RETENTION_DAYS (30 by default), OLDEST " +
      'first, each exactly as a webhook delivery carries it plus its `id` and `cursor`: for an ' +
      'agent that was offline or has no webhook. Every event appears exactly once, in a stable ' +
      'order (the order in which events took their places in the feed after they committed), ' +
      'even while bookings commit concurrently; an event shows up as soon as it has committed. ' +
      'Resume with `after` = the `cursor` of the last event processed (its `id` works too, while ' +
      'the event is kept); `next_cursor` is that cursor when more events are already waiting, ' +
      'null when caught up. Older events are deleted: a cursor whose event has left the window ' +
      'gets the oldest kept events with `"gap": true`, so you know you missed some. Errors: 422 ' +
      'VALIDATION_ERROR (limit out of range, or `after` not a cursor or event of this organization).',
  },
});
