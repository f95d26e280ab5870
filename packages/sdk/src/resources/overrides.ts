import type { RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import type { CreateOverrideParams, ListParams, Override } from '../types.js';

/**
 * `client.overrides`: blocks and open windows on top of a human's weekly schedule, in the
 * human's timezone.
 *
 * @example
 * await client.overrides.create(humanId, { kind: 'block', start_date: '2026-08-03', end_date: '2026-08-14', reason: 'Vacation' });
 * await client.overrides.create(humanId, { kind: 'block', start_date: '2026-01-01', end_date: '2026-12-31', weekdays: [1], start_time: '10:00', end_time: '11:00', reason: 'Weekly sync' });
 */
export class OverridesResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/humans/{human_id}/overrides. Not retried after a 5xx or timeout.
   * @example
   * const open = await client.overrides.create(humanId, { kind: 'open', start_date: '2026-12-05', start_time: '10:00', end_time: '12:00' });
   */
  async create(humanId: string, params: CreateOverrideParams, options?: RequestOptions): Promise<Override> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.overrides.create({ params: { human_id }, body: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/overrides, newest first; await a page or `for await` all.
   * @example
   * for await (const override of client.overrides.list(humanId)) console.log(override.kind, override.start_date);
   */
  list(humanId: string, params: ListParams = {}, options?: RequestOptions): ListPromise<Override> {
    return listPromise(
      (cursor) =>
        this.#api.overrides
          .list({ params: { human_id: pathParam(humanId, 'humanId') }, query: { ...params, cursor }, requestOptions: options })
          .then(successBody),
      params.cursor,
    );
  }

  /**
   * DELETE /v1/humans/{human_id}/overrides/{override_id}; resolves to nothing (204).
   * @example
   * await client.overrides.delete(humanId, overrideId);
   */
  async delete(humanId: string, overrideId: string, options?: RequestOptions): Promise<void> {
    const human_id = pathParam(humanId, 'humanId');
    const override_id = pathParam(overrideId, 'overrideId');
    await this.#api.overrides.delete({ params: { human_id, override_id }, requestOptions: options });
  }
}
