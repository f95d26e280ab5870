import type { CreateBookingOptions, RequestOptions } from '../options.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import { randomUuid } from '../random-uuid.js';
import type { Booking, ConfirmHoldParams, CreateHoldParams, Hold } from '../types.js';

/**
 * `client.holds`: keep a start for a few minutes while you ask someone, then confirm or release it.
 *
 * @example
 * const hold = await client.holds.create({ human_id, starts_at: slot.starts_at, duration: 30, ttl_seconds: 600 });
 * const booking = await client.holds.confirm(hold.id, { attendee_name: 'Agent Smith' });
 */
export class HoldsResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/holds with an `Idempotency-Key` (random per call, or yours): judged like a
   * booking; until `expires_at` the time is not listed and others get SLOT_UNAVAILABLE. No
   * quota is used and no event is sent. Retries after a lost answer get the first hold, never
   * a second one.
   * @example
   * const hold = await client.holds.create({ human_id, starts_at: '2026-12-01T14:00:00Z', duration: 30 });
   */
  create(params: CreateHoldParams, options: CreateBookingOptions = {}): Promise<Hold> {
    const { idempotencyKey = randomUuid(), ...requestOptions } = options;
    return this.#api.holds.create({ body: params, headers: { 'idempotency-key': idempotencyKey }, requestOptions }).then(successBody);
  }

  /**
   * GET /v1/holds/{hold_id}: a live hold; NotFoundError once expired, released or confirmed.
   * @example
   * const { expires_at } = await client.holds.get(holdId);
   */
  get(holdId: string, options?: RequestOptions): Promise<Hold> {
    const hold_id = pathParam(holdId, 'holdId');
    return this.#api.holds.get({ params: { hold_id }, requestOptions: options }).then(successBody);
  }

  /**
   * POST /v1/holds/{hold_id}/confirm with an `Idempotency-Key` (random per call, or yours):
   * the hold becomes a confirmed booking, checked again now, quota counted now.
   * @example
   * const booking = await client.holds.confirm(holdId, { attendee_name: 'Agent Smith', metadata: { ticket: 'T-7' } });
   */
  confirm(holdId: string, params: ConfirmHoldParams, options: CreateBookingOptions = {}): Promise<Booking> {
    const hold_id = pathParam(holdId, 'holdId');
    const { idempotencyKey = randomUuid(), ...requestOptions } = options;
    return this.#api.holds
      .confirm({ params: { hold_id }, body: params, headers: { 'idempotency-key': idempotencyKey }, requestOptions })
      .then(successBody);
  }

  /**
   * DELETE /v1/holds/{hold_id}: frees the time at once.
   * @example
   * await client.holds.release(holdId);
   */
  async release(holdId: string, options?: RequestOptions): Promise<void> {
    const hold_id = pathParam(holdId, 'holdId');
    await this.#api.holds.release({ params: { hold_id }, requestOptions: options });
  }
}
