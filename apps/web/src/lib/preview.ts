// The week with hours that are not saved yet: the slot engine the API lists slots with, over
// the week the API sent (its busy time and bookings) and the human's overrides, so the
// preview lists what the API will list once the hours are saved.
import type { Override, SetAvailabilityBody, Slot } from '@humantime/contract';
import type { HumanWeek } from '@humantime/contract/dashboard';
import { computeSlots, overrideRuleOf, type SchedulingRules } from '@humantime/slot-engine';
import { localDate } from './week.js';

export interface PreviewInput {
  timezone: string;
  hours: SetAvailabilityBody;
  overrides: Override[];
  week: Pick<HumanWeek, 'week_start' | 'week_end' | 'bookings' | 'busy'>;
  duration: number;
  /** Epoch ms; only later starts are listed, as by the API. */
  now: number;
}

function rulesOf(hours: SetAvailabilityBody): SchedulingRules {
  const rules: SchedulingRules = {};
  if (hours.buffer_before != null) rules.bufferBefore = hours.buffer_before;
  if (hours.buffer_after != null) rules.bufferAfter = hours.buffer_after;
  if (hours.minimum_notice != null) rules.minimumNotice = hours.minimum_notice;
  if (hours.booking_horizon_days != null) rules.bookingHorizonDays = hours.booking_horizon_days;
  if (hours.slot_interval != null) rules.slotInterval = hours.slot_interval;
  if (hours.max_bookings_per_day != null) rules.maxBookingsPerDay = hours.max_bookings_per_day;
  return rules;
}

/** "2030-01-07T09:00:00Z": the API's own spelling of an instant. */
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function previewSlots({ timezone, hours, overrides, week, duration, now }: PreviewInput): Slot[] {
  const bookingsPerDay: Record<string, number> = {};
  for (const booking of week.bookings) {
    const date = localDate(booking.starts_at, timezone);
    bookingsPerDay[date] = (bookingsPerDay[date] ?? 0) + 1;
  }
  const slots = computeSlots({
    timezone,
    schedule: { workingDays: hours.working_days, workStart: hours.work_start, workEnd: hours.work_end },
    overrides: overrides.map(overrideRuleOf),
    busy: week.busy.map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) })),
    rules: rulesOf(hours),
    bookingsPerDay,
    dateFrom: week.week_start,
    dateTo: week.week_end,
    durationMinutes: duration,
    now,
  });
  return slots.map((s) => ({ starts_at: timestamp(s.start), ends_at: timestamp(s.end) }));
}
