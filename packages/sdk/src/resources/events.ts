import type { RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { successBody, type ApiClient } from '../http/api-client.js';
import type { Event, EventsPage, ListEventsParams } from '../types.js';

/**
 * `client.events`: the organization's booking events of the last 30 days (the server's
 * RETENTION_DAYS), oldest first, for an agent that was offline or runs without a webhook.
 * Checkpoint the last event's `id`; should that event leave the window before the next read,
 * the feed resumes at the oldest kept event and the page says `gap: true` (events were missed).
 *
 * @example
 * let last = loadCheckpoint(); // undefined the first time
 * for await (const event of client.events.list({ after: last })) {
 *   handle(event);
 *   last = event.id;
 * }
 * saveCheckpoint(last);
 */
export class EventsResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * GET /v1/events, oldest first: await one page, or `for await` every event up to now.
   * Iteration ends when caught up; resume later with `after` = the last event's id. Each
   * event comes exactly once, in order, even while bookings commit concurrently.
   * @example
   * const page = await client.events.list({ after: checkpoint, limit: 10 });
   * if (page.gap) console.warn('events were missed: resync from the bookings themselves');
   * for (const event of page.data) console.log(event.created_at, event.event, event.data.starts_at);
   */
  list(params: ListEventsParams = {}, options?: RequestOptions): ListPromise<Event, EventsPage> {
    const { after, ...rest } = params;
    return listPromise(
      (cursor) => this.#api.events.list({ query: { ...rest, after: cursor }, requestOptions: options }).then(successBody),
      after,
    );
  }
}
