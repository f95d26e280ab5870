import type { RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import type {
  Availability,
  BusyParams,
  BusyResponse,
  CheckParams,
  CheckResult,
  CreateHumanParams,
  Human,
  ListParams,
  SetAvailabilityParams,
  SlotsParams,
  SlotsResponse,
  TimeContext,
  UpdateHumanParams,
} from '../types.js';

/**
 * `client.humans`: the people whose time is booked, their weekly schedule and their slots.
 *
 * @example
 * const human = await client.humans.create({ name: 'Ada Lovelace', timezone: 'Europe/London' });
 * await client.humans.setAvailability(human.id, { working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', meeting_durations: [30] });
 * const { slots } = await client.humans.slots(human.id, { date_from: '2026-12-01', date_to: '2026-12-05', duration: 30 });
 */
export class HumansResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/humans. Not retried after a 5xx or timeout (see the README's retry rules).
   * @example
   * const human = await client.humans.create({ name: 'Ada', timezone: 'Europe/London', email: 'ada@example.com' });
   */
  create(params: CreateHumanParams, options?: RequestOptions): Promise<Human> {
    return this.#api.humans.create({ body: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans, newest first. Await it for one page, or `for await` it for all humans.
   * @example
   * for await (const human of client.humans.list({ limit: 100 })) console.log(human.name);
   */
  list(params: ListParams = {}, options?: RequestOptions): ListPromise<Human> {
    return listPromise(
      (cursor) => this.#api.humans.list({ query: { ...params, cursor }, requestOptions: options }).then(successBody),
      params.cursor,
    );
  }

  /**
   * GET /v1/humans/{human_id}.
   * @example
   * const human = await client.humans.get('6f1c2d3e-0000-4000-8000-000000000001');
   */
  async get(humanId: string, options?: RequestOptions): Promise<Human> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.get({ params: { human_id }, requestOptions: options }).then(successBody);
  }

  /**
   * PATCH /v1/humans/{human_id}: changes only the fields sent; null clears email or role.
   * @example
   * const human = await client.humans.update(humanId, { role: 'Account executive' });
   */
  async update(humanId: string, params: UpdateHumanParams, options?: RequestOptions): Promise<Human> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.update({ params: { human_id }, body: params, requestOptions: options }).then(successBody);
  }

  /**
   * DELETE /v1/humans/{human_id}: soft delete; resolves to nothing (204). If a retry follows
   * a failure the server had in fact acted on, the retry answers NotFoundError.
   * @example
   * await client.humans.delete(humanId);
   */
  async delete(humanId: string, options?: RequestOptions): Promise<void> {
    const human_id = pathParam(humanId, 'humanId');
    await this.#api.humans.delete({ params: { human_id }, requestOptions: options });
  }

  /**
   * GET /v1/humans/{human_id}/availability: the base weekly schedule.
   * @example
   * const { working_days, work_start, work_end } = await client.humans.getAvailability(humanId);
   */
  async getAvailability(humanId: string, options?: RequestOptions): Promise<Availability> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.getAvailability({ params: { human_id }, requestOptions: options }).then(successBody);
  }

  /**
   * PUT /v1/humans/{human_id}/availability: replaces the schedule (all four fields).
   * @example
   * await client.humans.setAvailability(humanId, { working_days: [1, 2, 3, 4], work_start: '08:00', work_end: '16:00', meeting_durations: [30, 60] });
   */
  async setAvailability(humanId: string, params: SetAvailabilityParams, options?: RequestOptions): Promise<Availability> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.setAvailability({ params: { human_id }, body: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/slots: bookable starts between two local dates, ascending.
   * @example
   * const { slots, timezone } = await client.humans.slots(humanId, { date_from: '2026-12-01', date_to: '2026-12-02', duration: 30 });
   */
  async slots(humanId: string, params: SlotsParams, options?: RequestOptions): Promise<SlotsResponse> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.slots({ params: { human_id }, query: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/check: whether a booking of this start would succeed now
   * (quota aside), the refusal code it would get if not, and up to 3 nearest listed starts.
   * Books nothing.
   * @example
   * const verdict = await client.humans.check(humanId, { starts_at: '2026-12-01T14:00:00Z', duration: 30 });
   * if (!verdict.bookable) console.log(verdict.code, verdict.message, verdict.alternatives);
   */
  async check(humanId: string, params: CheckParams, options?: RequestOptions): Promise<CheckResult> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.check({ params: { human_id }, query: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/time: the human's clock now (`local`, e.g. "Tue 2026-11-24 15:04
   * Europe/Berlin (+01:00)", `utc_offset`, `next_offset_change`) and whether they are at work
   * (`open_now`: working hours and open overrides minus blocks; not whether a time is
   * bookable) with `next_open_at` (within 14 days, else null). Read it before saying "today"
   * or "tomorrow" for that person. A read, so retried like every GET.
   * @example
   * const { local, open_now, next_open_at } = await client.humans.time(humanId);
   * console.log(open_now ? `At work now (${local})` : `Back at ${next_open_at ?? 'no time in the next 14 days'}`);
   */
  async time(humanId: string, options?: RequestOptions): Promise<TimeContext> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.time({ params: { human_id }, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/busy: why times are taken between two instants (at most 62 days
   * apart): confirmed bookings, live holds and the busy time of connected calendars (with
   * `calendar_id`), ascending. It never says what the person does then.
   * @example
   * const { data } = await client.humans.busy(humanId, { from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' });
   * data.filter((b) => b.source === 'calendar').length; // meetings from their own calendars
   */
  async busy(humanId: string, params: BusyParams, options?: RequestOptions): Promise<BusyResponse> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.humans.busy({ params: { human_id }, query: params, requestOptions: options }).then(successBody);
  }
}
