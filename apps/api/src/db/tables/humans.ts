import type { Human } from '../../generated/prisma/client.js';

/** What a human's answer (services/humans/human-view.ts) reads of its row. */
export type HumanViewRow = Pick<
  Human,
  | 'id'
  | 'name'
  | 'email'
  | 'role'
  | 'timezone'
  | 'workingDays'
  | 'workStart'
  | 'workEnd'
  | 'meetingDurations'
  | 'bufferBefore'
  | 'bufferAfter'
  | 'minimumNotice'
  | 'bookingHorizonDays'
  | 'slotInterval'
  | 'maxBookingsPerDay'
  | 'preferredHours'
  | 'createdAt'
  | 'updatedAt'
>;

/** HumanViewRow's columns, named as Prisma names them, for a statement of db/tables. */
export const HUMAN_VIEW_COLUMNS = `id::text AS id, name, email, role, timezone, working_days AS "workingDays",
  work_start AS "workStart", work_end AS "workEnd", meeting_durations AS "meetingDurations",
  buffer_before AS "bufferBefore", buffer_after AS "bufferAfter", minimum_notice AS "minimumNotice",
  booking_horizon_days AS "bookingHorizonDays", slot_interval AS "slotInterval",
  max_bookings_per_day AS "maxBookingsPerDay", preferred_hours AS "preferredHours",
  created_at AS "createdAt", updated_at AS "updatedAt"`;
