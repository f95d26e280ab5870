import type { RequestOptions } from '../options.js';
import { successBody, type ApiClient } from '../http/api-client.js';
import type { GroupSlotsParams, GroupSlotsResponse } from '../types.js';

/**
 * `client.slots`: open times across several humans.
 *
 * @example
 * const { slots } = await client.slots.forHumans({ human_ids: [a, b], mode: 'all', date_from: '2026-12-01', date_to: '2026-12-05', duration: 30 });
 */
export class SlotsResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * GET /v1/slots: `all` lists the starts every human would list (a meeting with all of
   * them), `any` the starts at least one would list, each naming the free `human_ids`.
   * Dates are local to the first human.
   * @example
   * const { slots } = await client.slots.forHumans({ human_ids: team, mode: 'any', date_from: '2026-12-01', date_to: '2026-12-01', duration: 30 });
   * slots[0]?.human_ids; // who is free then
   */
  forHumans(params: GroupSlotsParams, options?: RequestOptions): Promise<GroupSlotsResponse> {
    const { human_ids, ...rest } = params;
    return this.#api.slots.forHumans({ query: { ...rest, human_ids: human_ids.join(',') }, requestOptions: options }).then(successBody);
  }
}
