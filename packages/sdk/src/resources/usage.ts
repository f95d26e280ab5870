import type { RequestOptions } from '../options.js';
import { successBody, type ApiClient } from '../http/api-client.js';
import type { Usage } from '../types.js';

/**
 * `client.usage`: the booking quota of the current UTC month.
 *
 * @example
 * const { plan, used, quota, period_end } = await client.usage.get();
 */
export class UsageResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * GET /v1/usage.
   * @example
   * const usage = await client.usage.get();
   * if (usage.used >= usage.quota && !usage.auto_purchase) console.warn('bookings will be refused');
   */
  get(options?: RequestOptions): Promise<Usage> {
    return this.#api.usage.get({ requestOptions: options }).then(successBody);
  }
}
