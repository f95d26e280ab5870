export type {
  BookingCheck,
  BookingRefusal,
  BookingVerdict,
  DailyBookingCounts,
  Interval,
  OverrideRule,
  SchedulingRules,
  SlotQuery,
  Weekday,
  WeeklySchedule,
} from './types.js';
export { computeSlots, computeSlotsWithExpiry, type ExpiringSlots } from './compute-slots.js';
export { checkBooking } from './check-booking.js';
export { localDateOf, localDateRangeToInterval } from './local-date-range.js';
export { bufferedRange } from './buffered-range.js';
