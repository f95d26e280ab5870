import type { RequestOptions } from '../options.js';
import { successBody, type ApiClient } from '../http/api-client.js';
import type { SuggestionsParams, SuggestionsResponse } from '../types.js';

/**
 * `client.suggestions`: the open starts worth offering first, ranked with their reasons.
 *
 * @example
 * const { data } = await client.suggestions.list({ human_ids: [ada], duration: 30, when: 'next Tuesday afternoon', attendee_timezone: 'Asia/Tokyo' });
 */
export class SuggestionsResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * GET /v1/suggestions: listed starts only (each one books), ranked by a deterministic score
   * in [0, 1] with the reasons it weighed (attendee_hours, preferred_hours, room_around, spread,
   * soon). Give date_from and date_to (local to the first human), or `when` in plain English,
   * echoed back as `interpreted_as`.
   * @example
   * const { data, interpreted_as } = await client.suggestions.list({ human_ids: [ada, grace], mode: 'all', duration: 60, when: 'the week of Dec 14', limit: 5 });
   * data[0]?.reasons.map((r) => r.message); // why it ranks first
   */
  list(params: SuggestionsParams, options?: RequestOptions): Promise<SuggestionsResponse> {
    const { human_ids, ...rest } = params;
    return this.#api.suggestions.list({ query: { ...rest, human_ids: human_ids.join(',') }, requestOptions: options }).then(successBody);
  }
}
