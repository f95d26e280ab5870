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

export interface SlotQuery {
  /** IANA zone name. */
  timezone: string;
  schedule: WeeklySchedule;
  overrides: OverrideRule[];
  /** Confirmed bookings, in any order, possibly overlapping each other. */
  busy: Interval[];
  /** "YYYY-MM-DD" local, inclusive. */
  dateFrom: string;
  /** "YYYY-MM-DD" local, inclusive. */
  dateTo: string;
  durationMinutes: number;
  /** Epoch ms; only slots starting strictly after it are listed. */
  now: number;
}

export type BookingRefusal =
  | 'INVALID_DURATION'
  | 'PAST_START'
  | 'OUTSIDE_WORKING_HOURS'
  | 'SCHEDULE_BLOCKED'
  | 'SLOT_UNAVAILABLE';

export interface BookingCheck {
  timezone: string;
  schedule: WeeklySchedule;
  overrides: OverrideRule[];
  busy: Interval[];
  meetingDurations: number[];
  /** Epoch ms of the proposed start. */
  start: number;
  durationMinutes: number;
  now: number;
}

export type BookingVerdict = { ok: true } | { ok: false; reason: BookingRefusal };
