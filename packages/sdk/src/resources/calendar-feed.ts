import type { RequestOptions } from '../options.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import type { CalendarFeed } from '../types.js';

/**
 * `client.calendarFeed`: a human's bookings as a secret subscription URL that any calendar app
 * (Google Calendar, Microsoft 365, Apple Calendar) can subscribe to; reading it needs no key.
 *
 * @example
 * const { url } = await client.calendarFeed.create(humanId);
 * sendToHuman(`Subscribe to your bookings: ${url}`); // shown only this once
 */
export class CalendarFeedResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/humans/{human_id}/calendar-feed: a new secret URL, `<base>/feeds/<token>.ics`,
   * shown only in this answer. Calling it again regenerates: the old URL answers 404 at once.
   * Not retried after a 5xx or timeout; calling again is safe (it only replaces the URL).
   * @example
   * const { url, created_at } = await client.calendarFeed.create(humanId);
   */
  create(humanId: string, options?: RequestOptions): Promise<CalendarFeed> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.calendarFeed.create({ params: { human_id }, requestOptions: options }).then(successBody);
  }

  /**
   * DELETE /v1/humans/{human_id}/calendar-feed: the URL answers 404 from now on. Rejects with
   * NotFoundError when the human has no feed. Resolves to nothing (204).
   * @example
   * await client.calendarFeed.revoke(humanId);
   */
  async revoke(humanId: string, options?: RequestOptions): Promise<void> {
    const human_id = pathParam(humanId, 'humanId');
    await this.#api.calendarFeed.revoke({ params: { human_id }, requestOptions: options });
  }
}
