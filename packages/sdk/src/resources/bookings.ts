import type { CreateBookingOptions, RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import { randomUuid } from '../random-uuid.js';
import type {
  Booking,
  CreateBookingParams,
  CreatedBooking,
  GroupSlotsParams,
  GroupSlotsResponse,
  ListBookingsParams,
  RescheduleBookingParams,
  SlotsParams,
  SlotsResponse,
} from '../types.js';
import { bookFirstAvailable, type BookFirstAvailableParams } from './book-first-available.js';

/**
 * `client.bookings`: create, read, list and cancel bookings, and book the first open slot.
 *
 * @example
 * const booking = await client.bookings.bookFirstAvailable({
 *   human_id, date_from: '2026-12-01', date_to: '2026-12-05', duration: 30, attendee_name: 'Agent Smith',
 * });
 * await client.bookings.cancel(booking.id);
 */
export class BookingsResource {
  readonly #api: ApiClient;
  readonly #slots: (humanId: string, params: SlotsParams, options?: RequestOptions) => Promise<SlotsResponse>;
  readonly #groupSlots: (params: GroupSlotsParams, options?: RequestOptions) => Promise<GroupSlotsResponse>;

  /** @internal Built by the Humantime client. */
  constructor(
    api: ApiClient,
    slots: (humanId: string, params: SlotsParams, options?: RequestOptions) => Promise<SlotsResponse>,
    groupSlots: (params: GroupSlotsParams, options?: RequestOptions) => Promise<GroupSlotsResponse>,
  ) {
    this.#api = api;
    this.#slots = slots;
    this.#groupSlots = groupSlots;
  }

  /**
   * POST /v1/bookings with an `Idempotency-Key`: a random UUID per call (or yours, via
   * `options.idempotencyKey`), the same on every retry of that call, so retries after a
   * 5xx, a timeout or a dropped connection can never book twice.
   * @example
   * const { slots } = await client.humans.slots(humanId, { date_from: '2026-12-01', date_to: '2026-12-01', duration: 30 });
   * const booking = await client.bookings.create({ human_id: humanId, starts_at: slots[0]!.starts_at, duration: 30, attendee_name: 'Agent Smith' });
   * // Several humans: everyone at once (mode 'all', every booking in group_bookings) or one of a team (mode 'any').
   * const meeting = await client.bookings.create({ human_ids: [a, b], mode: 'all', starts_at, duration: 30, attendee_name: 'Agent Smith' });
   */
  create(params: CreateBookingParams, options: CreateBookingOptions = {}): Promise<CreatedBooking> {
    const { idempotencyKey = randomUuid(), ...requestOptions } = options;
    return this.#api.bookings.create({ body: params, headers: { 'idempotency-key': idempotencyKey }, requestOptions }).then(successBody);
  }

  /**
   * GET /v1/bookings/{booking_id}, confirmed or cancelled.
   * @example
   * const booking = await client.bookings.get(bookingId);
   */
  async get(bookingId: string, options?: RequestOptions): Promise<Booking> {
    const booking_id = pathParam(bookingId, 'bookingId');
    return this.#api.bookings.get({ params: { booking_id }, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/bookings, newest first, filtered by human_id, status and a starts_at window;
   * await a page or `for await` all.
   * @example
   * for await (const b of client.bookings.list({ human_id: humanId, status: 'confirmed' })) console.log(b.starts_at);
   */
  list(params: ListBookingsParams = {}, options?: RequestOptions): ListPromise<Booking> {
    return listPromise(
      (cursor) => this.#api.bookings.list({ query: { ...params, cursor }, requestOptions: options }).then(successBody),
      params.cursor,
    );
  }

  /**
   * DELETE /v1/bookings/{booking_id}: cancels, frees the slot, resolves to the booking with
   * status "cancelled". Cancelling twice is harmless, so it is retried like a GET.
   * @example
   * const cancelled = await client.bookings.cancel(bookingId);
   * cancelled.status; // 'cancelled'
   */
  async cancel(bookingId: string, options?: RequestOptions): Promise<Booking> {
    const booking_id = pathParam(bookingId, 'bookingId');
    return this.#api.bookings.cancel({ params: { booking_id }, requestOptions: options }).then(successBody);
  }

  /**
   * POST /v1/bookings/{booking_id}/reschedule: moves a booking in one step. Resolves to the
   * new booking (`rescheduled_from` = the old id); the old one is cancelled with
   * `rescheduled_to` set. Sent with an `Idempotency-Key` (random per call, or yours), so a
   * retry never moves twice.
   * @example
   * const moved = await client.bookings.reschedule(bookingId, { starts_at: '2026-12-02T15:00:00Z' });
   * moved.rescheduled_from === bookingId; // true
   */
  async reschedule(bookingId: string, params: RescheduleBookingParams, options: CreateBookingOptions = {}): Promise<Booking> {
    const booking_id = pathParam(bookingId, 'bookingId');
    const { idempotencyKey = randomUuid(), ...requestOptions } = options;
    return this.#api.bookings
      .reschedule({ params: { booking_id }, body: params, headers: { 'idempotency-key': idempotencyKey }, requestOptions })
      .then(successBody);
  }

  /**
   * GET /v1/bookings/{booking_id}/ics: the booking as an iCalendar (RFC 5545) invite, as
   * text, ready to attach to an email. Its UID stays the same across reschedules.
   * @example
   * const ics = await client.bookings.ics(bookingId);
   * await sendMail({ to, attachments: [{ filename: 'invite.ics', content: ics, contentType: 'text/calendar; method=REQUEST' }] });
   */
  async ics(bookingId: string, options?: RequestOptions): Promise<string> {
    const booking_id = pathParam(bookingId, 'bookingId');
    return this.#api.bookings.calendar({ params: { booking_id }, requestOptions: options }).then(successBody);
  }

  /**
   * Books the first listed slot in a date range; when another client wins that slot (409
   * SLOT_UNAVAILABLE) it lists the slots again and tries the next, at most `maxAttempts`
   * (default 5) times. Throws NoSlotAvailableError when nothing is left or every attempt
   * lost; any other error (LimitReachedError, NotFoundError, ...) at once.
   * @example
   * const booking = await client.bookings.bookFirstAvailable({
   *   human_id: humanId, date_from: '2026-12-01', date_to: '2026-12-05', duration: 30,
   *   attendee_name: 'Agent Smith', metadata: { ticket: 'T-42' },
   * });
   * // Several humans: the first start all of them share (mode 'all') or any one is free (mode 'any').
   * const meeting = await client.bookings.bookFirstAvailable({
   *   human_ids: [a, b], mode: 'all', date_from: '2026-12-01', date_to: '2026-12-05', duration: 30, attendee_name: 'Agent Smith',
   * });
   */
  bookFirstAvailable(params: BookFirstAvailableParams, options?: RequestOptions): Promise<CreatedBooking> {
    return bookFirstAvailable({ slots: this.#slots, groupSlots: this.#groupSlots, create: (p, o) => this.create(p, o) }, params, options);
  }
}
