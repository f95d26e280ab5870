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
      'first, each exactly as a webhook delivery carries it plus its `id`: for an agent that was ' +
      'offline or has no webhook. Every event appears exactly once, in a stable order (the order ' +
      'in which events took their places in the feed after they committed), even while bookings ' +
      'commit concurrently; an event shows up as soon as it has committed. Resume with `after` = ' +
      'the id of the last event processed; `next_cursor` is that id when more events are already ' +
      'waiting, null when caught up. Older events are deleted: when events after `after` (or the ' +
      'event `after` names) have left the window unread, the page starts at the oldest kept event ' +
      'and says `"gap": true`, so you know you missed some. Errors: 422 VALIDATION_ERROR (limit ' +
      'out of range, or `after` not an event of this organization).',
  },
});
