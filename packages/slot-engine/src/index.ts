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
  WireOverride,
} from './types.js';
export { overrideRuleOf } from './types.js';
export { computeSlots, computeSlotsWithExpiry, type ExpiringSlots } from './compute-slots.js';
export { checkBooking } from './check-booking.js';
export { localDateOf, localDateRangeToInterval } from './local-date-range.js';
export { addDays } from './calendar-day.js';
export { bufferedRange } from './buffered-range.js';
export { blockedTime, workingTime, type WorkingTimeQuery } from './working-time.js';
export { nextOffsetChange, wallTimeOf, type OffsetChange, type WallTime } from './wall-time.js';
export {
  ATTENDEE_HOURS,
  MAX_PER_DAY,
  rankSuggestions,
  ROOM_MINUTES,
  SUGGESTION_WEIGHTS,
  suggestionScore,
  type PreferredHours,
  type Suggestion,
  type SuggestionCandidate,
  type SuggestionFactor,
  type SuggestionHuman,
  type SuggestionInput,
  type SuggestionReason,
  type SuggestionReasonCode,
} from './suggest.js';
export { localWindowSpan, startsInside, type LocalWindow } from './local-window.js';
export {
  readWhen,
  WHEN_EXAMPLES,
  WHEN_MAX_DAYS,
  WHEN_MAX_LENGTH,
  type InterpretedWindow,
  type WhenReading,
  type WhenReference,
} from './when.js';
