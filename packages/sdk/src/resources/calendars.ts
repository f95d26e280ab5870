import type { RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import type { Calendar, CreateCalendarParams, ListParams } from '../types.js';

/**
 * `client.calendars`: a human's own calendars (an iCalendar feed or a CalDAV calendar), whose
 * busy time blocks their slots like a booking.
 *
 * @example
 * const calendar = await client.calendars.create(humanId, { url: 'https://calendar.google.com/calendar/ical/…/basic.ics' });
 * calendar.status; // 'ok'
 */
export class CalendarsResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/humans/{human_id}/calendars: reads the calendar now and connects it only when the
   * read worked (else CalendarUnreadableError saying what failed). Credentials and the address
   * are stored encrypted; credentials are never returned. Not retried automatically.
   * @example
   * const calendar = await client.calendars.create(humanId, { url: 'webcal://p01-caldav.icloud.com/published/2/…', name: 'iCloud' });
   */
  async create(humanId: string, params: CreateCalendarParams, options?: RequestOptions): Promise<Calendar> {
    const human_id = pathParam(humanId, 'humanId');
    return this.#api.calendars.create({ params: { human_id }, body: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/humans/{human_id}/calendars: newest first, each with its status and last error;
   * await a page or `for await` all.
   * @example
   * const { data } = await client.calendars.list(humanId);
   * data.filter((c) => c.status === 'error').map((c) => c.last_error?.message);
   */
  list(humanId: string, params: ListParams = {}, options?: RequestOptions): ListPromise<Calendar> {
    return listPromise(
      (cursor) =>
        this.#api.calendars
          .list({ params: { human_id: pathParam(humanId, 'humanId') }, query: { ...params, cursor }, requestOptions: options })
          .then(successBody),
      params.cursor,
    );
  }

  /**
   * GET /v1/humans/{human_id}/calendars/{calendar_id}.
   * @example
   * const { last_synced_at } = await client.calendars.get(humanId, calendarId);
   */
  async get(humanId: string, calendarId: string, options?: RequestOptions): Promise<Calendar> {
    const params = { human_id: pathParam(humanId, 'humanId'), calendar_id: pathParam(calendarId, 'calendarId') };
    return this.#api.calendars.get({ params, requestOptions: options }).then(successBody);
  }

  /**
   * DELETE /v1/humans/{human_id}/calendars/{calendar_id}: its busy time stops counting at once.
   * @example
   * await client.calendars.delete(humanId, calendarId);
   */
  async delete(humanId: string, calendarId: string, options?: RequestOptions): Promise<void> {
    const params = { human_id: pathParam(humanId, 'humanId'), calendar_id: pathParam(calendarId, 'calendarId') };
    await this.#api.calendars.delete({ params, requestOptions: options }).then(successBody);
  }

  /**
   * POST /v1/humans/{human_id}/calendars/{calendar_id}/sync: reads it now. A failed read still
   * resolves, with `status: 'error'` and `last_error`.
   * @example
   * const calendar = await client.calendars.sync(humanId, calendarId);
   * if (calendar.status === 'error') console.warn(calendar.last_error?.message);
   */
  async sync(humanId: string, calendarId: string, options?: RequestOptions): Promise<Calendar> {
    const params = { human_id: pathParam(humanId, 'humanId'), calendar_id: pathParam(calendarId, 'calendarId') };
    return this.#api.calendars.sync({ params, requestOptions: options }).then(successBody);
  }
}
