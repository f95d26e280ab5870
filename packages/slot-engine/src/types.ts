/** ISO weekday: 1 = Monday .. 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The base weekly schedule; times are "HH:MM" in the human's zone, workStart < workEnd. */
export interface WeeklySchedule {
  workingDays: number[];
  workStart: string;
  workEnd: string;
}

/** A dated exception to the weekly schedule, local to the human's zone. */
export interface OverrideRule {
  kind: 'block' | 'open';
  /** "YYYY-MM-DD", inclusive. */
  startDate: string;
  /** "YYYY-MM-DD", inclusive. */
  endDate: string;
  /** "HH:MM"; null together with endTime = whole days (block only). */
  startTime: string | null;
  endTime: string | null;
  /** ISO weekdays the rule applies to; null = every day of the range. */
  weekdays: number[] | null;
}

/** Epoch milliseconds, half-open [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/**
 * The optional scheduling rules, all in whole minutes except the horizon (days) and the
 * daily maximum (a count). Absent (or undefined) = the rule is off.
 */
export interface SchedulingRules {
  /** Free time a new booking needs before its start (0..240). */
  bufferBefore?: number;
  /** Free time a new booking needs after its end (0..240). */
  bufferAfter?: number;
  /** No start earlier than now + this (0..43,200). */
  minimumNotice?: number;
  /** No start later than now + this many 24-hour days (1..730). */
  bookingHorizonDays?: number;
  /** The grid step (5..480); default the duration. */
  slotInterval?: number;
  /** A local day holding this many confirmed bookings lists no more starts (1..100). */
  maxBookingsPerDay?: number;
}

/** Confirmed bookings per local date ("YYYY-MM-DD" in the human's zone). */
export type DailyBookingCounts = Readonly<Record<string, number>>;

export interface SlotQuery {
  /** IANA zone name. */
  timezone: string;
  schedule: WeeklySchedule;
  overrides: OverrideRule[];
  /**
   * Confirmed bookings, in any order, possibly overlapping each other: each one's own
   * buffered range [start − its buffer_before, end + its buffer_after), fixed when it was made
   * (without buffers, simply [start, end)).
   */
  busy: Interval[];
  /** Optional rules; absent = none, and the output is exactly the rule-free one. */
  rules?: SchedulingRules;
  /** Needed only with maxBookingsPerDay; a date not in it holds no booking. */
  bookingsPerDay?: DailyBookingCounts;
  /** "YYYY-MM-DD" local, inclusive. */
  dateFrom: string;
  /** "YYYY-MM-DD" local, inclusive. */
  dateTo: string;
  durationMinutes: number;
  /** Epoch ms; only slots starting strictly after it are listed. */
  now: number;
}

export type BookingRefusal =
  'INVALID_DURATION' | 'PAST_START' | 'OUTSIDE_WORKING_HOURS' | 'OUTSIDE_BOOKING_WINDOW' | 'SCHEDULE_BLOCKED' | 'SLOT_UNAVAILABLE';

export interface BookingCheck {
  timezone: string;
  schedule: WeeklySchedule;
  overrides: OverrideRule[];
  /** As SlotQuery.busy: the other bookings' own buffered ranges. */
  busy: Interval[];
  rules?: SchedulingRules;
  bookingsPerDay?: DailyBookingCounts;
  meetingDurations: number[];
  /** Epoch ms of the proposed start. */
  start: number;
  durationMinutes: number;
  now: number;
}

export type BookingVerdict = { ok: true } | { ok: false; reason: BookingRefusal };

/** An override as the API writes it (snake_case; an empty weekdays list means every day). */
export interface WireOverride {
  kind: 'block' | 'open';
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  weekdays?: number[] | null;
}

/** The engine's OverrideRule of an override as the API writes it: the API and the dashboard's preview read them alike. */
export function overrideRuleOf(o: WireOverride): OverrideRule {
  return {
    kind: o.kind,
    startDate: o.start_date,
    endDate: o.end_date,
    startTime: o.start_time,
    endTime: o.end_time,
    weekdays: o.weekdays && o.weekdays.length > 0 ? o.weekdays : null,
  };
}
