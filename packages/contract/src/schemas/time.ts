import { z } from 'zod';
import { UtcTimestamp } from './common.js';

/** How many days ahead GET /v1/humans/{id}/time looks for the next opening. */
export const NEXT_OPEN_LOOKAHEAD_DAYS = 14;
/** How many days ahead it looks for the next change of the UTC offset. */
export const OFFSET_CHANGE_LOOKAHEAD_DAYS = 366;

/** A UTC offset as sent by the server: sign, hours and minutes, "+01:00", "-03:30", "+00:00". */
export const UtcOffset = z.string().describe('UTC offset, ±HH:MM, e.g. +01:00 or -03:30 (+00:00 for UTC)');

export const OffsetChangeSchema = z.object({
  at: UtcTimestamp.describe('The first instant on the new offset'),
  from: UtcOffset.describe('The offset until then'),
  to: UtcOffset.describe('The offset from then on'),
});

export type OffsetChange = z.infer<typeof OffsetChangeSchema>;

/**
 * A human's clock right now, what an agent needs before it says "today" or "tomorrow" to or
 * about that person, and whether the person is at work (not whether they are bookable).
 */
export const TimeContextSchema = z.object({
  now: UtcTimestamp.describe("The server's current instant"),
  timezone: z.string().describe("The human's IANA timezone name"),
  utc_offset: UtcOffset.describe("The timezone's offset now"),
  local: z
    .string()
    .describe(
      "The human's wall time now: English weekday, local date, 24-hour time, zone and offset, " +
        'e.g. "Tue 2026-11-24 15:04 Europe/Berlin (+01:00)"',
    ),
  next_offset_change: OffsetChangeSchema.nullable().describe(
    `The next change of the offset (DST) within ${OFFSET_CHANGE_LOOKAHEAD_DAYS} days; null when there is none (e.g. Asia/Tokyo)`,
  ),
  open_now: z
    .boolean()
    .describe('Inside working hours or an open override and outside every block override, now; bookings and booking rules play no part'),
  next_open_at: UtcTimestamp.nullable().describe(
    `When the next stretch of open time begins (after the current one, when open_now), within ${NEXT_OPEN_LOOKAHEAD_DAYS} days; null when none does`,
  ),
});

export type TimeContext = z.infer<typeof TimeContextSchema>;
