import { HumantimeError, type HumantimeErrorInit } from './humantime-error.js';

/**
 * 422: a calendar could not be read when it was added (the message says what failed: an HTTP
 * status, a timeout, refused credentials, not iCalendar, too large). Nothing was kept. Never
 * retried automatically: fix the URL or credentials first.
 *
 * @example
 * import { CalendarUnreadableError } from '@humantime/sdk';
 * await client.calendars.create(humanId, { url }).catch((err) => {
 *   if (err instanceof CalendarUnreadableError) console.warn(err.message);
 *   throw err;
 * });
 */
export class CalendarUnreadableError extends HumantimeError {
  override name = 'CalendarUnreadableError';
  declare readonly code: 'CALENDAR_UNREADABLE';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('CALENDAR_UNREADABLE', init);
  }
}

/**
 * 409: that calendar URL is already connected to this human. Use the existing calendar.
 *
 * @example
 * import { CalendarUrlTakenError } from '@humantime/sdk';
 * const calendar = await client.calendars.create(humanId, { url }).catch(async (err) => {
 *   if (err instanceof CalendarUrlTakenError) return (await client.calendars.list(humanId)).data[0];
 *   throw err;
 * });
 */
export class CalendarUrlTakenError extends HumantimeError {
  override name = 'CalendarUrlTakenError';
  declare readonly code: 'CALENDAR_URL_TAKEN';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('CALENDAR_URL_TAKEN', init);
  }
}
