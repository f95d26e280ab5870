import { z } from 'zod';
import { checkedTogether, Instant, isInstant, UtcTimestamp, Uuid } from './common.js';
import { HumanPathParamsSchema } from './human.js';

/** At most this many calendars a human. */
export const MAX_CALENDARS_PER_HUMAN = 10;
/** The longest range GET /v1/humans/{id}/busy answers for, in days. */
export const MAX_BUSY_RANGE_DAYS = 62;

export const CALENDAR_KINDS = ['ics', 'caldav'] as const;
export const CalendarKindSchema = z.enum(CALENDAR_KINDS);

/** Why a calendar's last read was not clean; the message says what, never a secret. */
export const CALENDAR_PROBLEMS = ['CALENDAR_UNREADABLE', 'EVENTS_SKIPPED', 'INSTANCES_CAPPED', 'WRITE_BACK_FAILED'] as const;

const CALENDAR_URL = /^(https?|webcals?):\/\/[^\s]+$/i;

/** Body of POST /v1/humans/{human_id}/calendars. */
export const CreateCalendarBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2048, 'must be at most 2048 characters')
      .regex(CALENDAR_URL, 'must be an https (or webcal) URL of an iCalendar feed or a CalDAV calendar collection')
      .describe(
        'The secret iCalendar (.ics) link Google Calendar, Outlook or iCloud publish, or a CalDAV calendar collection; webcal:// and webcals:// are read as https. ' +
          'Credentials may be given in the URL or as username/password.',
      ),
    name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
    username: z
      .string()
      .max(256, 'must be at most 256 characters')
      .optional()
      .describe('For a CalDAV server or a protected feed; never returned'),
    password: z.string().max(1024, 'must be at most 1024 characters').optional().describe('Never returned or logged'),
    write_bookings: z
      .boolean()
      .optional()
      .describe('CalDAV only: write each booking of this human into the calendar (not available for feeds)'),
  })
  .strict();

export type CreateCalendarBody = z.infer<typeof CreateCalendarBodySchema>;

export const CalendarSchema = z.object({
  id: Uuid,
  human_id: Uuid,
  kind: CalendarKindSchema.describe('ics: an iCalendar feed; caldav: a CalDAV calendar collection (detected)'),
  url: z.string().describe('The address without credentials'),
  name: z.string().nullable(),
  write_bookings: z.boolean(),
  status: z.enum(['ok', 'error']).describe('error: the last read failed; the busy time of the last good read still counts'),
  last_synced_at: UtcTimestamp.nullable().describe('The last good read'),
  last_error: z
    .object({ code: z.enum(CALENDAR_PROBLEMS), message: z.string(), at: UtcTimestamp })
    .nullable()
    .describe('What went wrong with the last read (a failure, or events skipped); null after a clean read'),
  busy_count: z.number().int().describe('Busy intervals from this calendar, from a day ago on'),
  created_at: UtcTimestamp,
});

export type Calendar = z.infer<typeof CalendarSchema>;

export const CalendarPathParamsSchema = HumanPathParamsSchema.extend({ calendar_id: Uuid });

/** Query of GET /v1/humans/{human_id}/busy: instants, at most 62 days apart. */
export const BusyQuerySchema = checkedTogether(z.object({ from: Instant, to: Instant }), (query, ctx) => {
  if (!isInstant(query.from) || !isInstant(query.to)) return;
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (to - from > MAX_BUSY_RANGE_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_BUSY_RANGE_DAYS} days after from` });
  }
});

export type BusyQuery = z.infer<typeof BusyQuerySchema>;

export const BusyIntervalSchema = z.object({
  starts_at: UtcTimestamp,
  ends_at: UtcTimestamp,
  source: z.enum(['booking', 'hold', 'calendar']),
  calendar_id: Uuid.nullable().describe('The calendar the time comes from (source calendar)'),
});

export type BusyInterval = z.infer<typeof BusyIntervalSchema>;

export const BusyResponseSchema = z.object({
  data: z.array(BusyIntervalSchema).describe('Ascending by start; a booking or hold is its own time, without buffers'),
});

export type BusyResponse = z.infer<typeof BusyResponseSchema>;
