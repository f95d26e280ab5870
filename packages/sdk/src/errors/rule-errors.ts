import { HumantimeError, type HumantimeErrorInit } from './humantime-error.js';

/**
 * 422: the start is before the human's minimum notice or past their booking horizon
 * (`availability_rules.minimum_notice`, `booking_horizon_days`). Pick a start the slots
 * endpoint lists.
 *
 * @example
 * import { OutsideBookingWindowError } from '@humantime/sdk';
 * await client.bookings.create({ human_id, starts_at, duration: 30, attendee_name: 'Ada' }).catch((err) => {
 *   if (err instanceof OutsideBookingWindowError) console.error('too soon or too far ahead');
 *   throw err;
 * });
 */
export class OutsideBookingWindowError extends HumantimeError {
  override name = 'OutsideBookingWindowError';
  declare readonly code: 'OUTSIDE_BOOKING_WINDOW';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('OUTSIDE_BOOKING_WINDOW', init);
  }
}

/**
 * 409: the booking is cancelled (or was already moved) and cannot be rescheduled. When it was
 * moved, the message names the booking that replaced it.
 *
 * @example
 * import { BookingCancelledError } from '@humantime/sdk';
 * await client.bookings.reschedule(bookingId, { starts_at }).catch((err) => {
 *   if (err instanceof BookingCancelledError) console.error(err.message);
 *   throw err;
 * });
 */
export class BookingCancelledError extends HumantimeError {
  override name = 'BookingCancelledError';
  declare readonly code: 'BOOKING_CANCELLED';
  declare readonly status: number;
  constructor(init: HumantimeErrorInit) {
    super('BOOKING_CANCELLED', init);
  }
}
