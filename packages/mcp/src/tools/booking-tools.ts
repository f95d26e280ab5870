import { randomUUID } from 'node:crypto';
import {
  BookingPathParamsSchema,
  checkDateRange,
  CreateBookingBodySchema,
  ListBookingsQuerySchema,
  LocalDate,
  RescheduleBookingBodySchema,
  Uuid,
  type Booking,
  type InterpretedAs,
} from '@humantime/contract';
import type { Humantime } from '@humantime/sdk';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { withLocalTimes } from '../local-time.js';
import { shapeOf } from '../schema-shapes.js';
import { asTool, ok, refused } from '../tool-result.js';
import { zoneLookup } from '../zones.js';
import { inLocalWindow, localWindowShape, windowProblem } from './local-window.js';
import { readingOf, whenInput } from './suggestion-tools.js';

/** A booking with every instant also in the human's wall time (UTC only if the human was deleted). */
export async function localBooking(b: Booking, zoneOf: (humanId: string) => Promise<string | null>) {
  const timezone = await zoneOf(b.human_id);
  return { ...(timezone ? withLocalTimes(b, timezone) : b), timezone };
}

export function describeBooking(b: Awaited<ReturnType<typeof localBooking>>): string {
  const when =
    'starts_at_local' in b ? `${String(b.starts_at_local)} = ${b.starts_at}` : `${b.starts_at} (human deleted; local time unknown)`;
  return `${b.status} booking ${b.id}: ${when}, ${b.duration_minutes} min, human ${b.human_id}, attendee ${b.attendee_name}`;
}

// One human per call here: several humans have their own tool (book_several_humans).
const { human_ids: _humanIds, mode: _mode, ...contractFields } = shapeOf(CreateBookingBodySchema);
const bookingFields = { ...contractFields, human_id: Uuid.describe('The human to book') };

/**
 * The API's checks of a window's dates (date_to not before date_from, at most 62 dates), worded
 * with this tool's names for them: its own words would name fields the agent never sent.
 */
const DateWindow = z.object({ date_from: z.string(), date_to: z.string() }).superRefine(checkDateRange);
const toolNames = (text: string) => text.replace(/\bdate_from\b/g, 'earliest_date').replace(/\bdate_to\b/g, 'latest_date');

function datesProblem(earliest: string | undefined, latest: string | undefined): string | undefined {
  if (earliest === undefined || latest === undefined) return undefined;
  const parsed = DateWindow.safeParse({ date_from: earliest, date_to: latest });
  return parsed.success ? undefined : parsed.error.issues.map((i) => toolNames(`${i.path.join('.')}: ${i.message}`)).join('; ');
}

export function registerBookingTools(server: McpServer, client: Humantime): void {
  server.registerTool(
    'book_slot',
    {
      title: 'Book a slot',
      description:
        'Books one start for a human, confirmed at once. starts_at must be a starts_at returned by find_slots (or check_time alternatives), ' +
        'passed unchanged. Always idempotent: give idempotency_key (any unique string per intended booking) to make a retry after a lost ' +
        'connection safe; one is generated otherwise. Returns the booking with UTC and local times. Refusals: SLOT_UNAVAILABLE (taken, held ' +
        'or busy in a connected calendar: call find_slots again), OUTSIDE_WORKING_HOURS, SCHEDULE_BLOCKED, OUTSIDE_BOOKING_WINDOW (minimum ' +
        'notice or booking horizon), INVALID_DURATION, VALIDATION_ERROR (e.g. a past start), IDEMPOTENCY_KEY_REUSED (the key was used for ' +
        'another booking), LIMIT_REACHED (monthly quota), NOT_FOUND.',
      inputSchema: {
        ...bookingFields,
        idempotency_key: z.string().min(1).max(255).optional().describe('Reuse the same key to retry the same booking safely'),
      },
    },
    ({ idempotency_key, ...body }) =>
      asTool(async () => {
        const booking = await client.bookings.create(body, { idempotencyKey: idempotency_key ?? `mcp-${randomUUID()}` });
        const local = await localBooking(booking, zoneLookup(client));
        return ok(local, `Booked: ${describeBooking(local)}`);
      }),
  );

  server.registerTool(
    'book_first_available',
    {
      title: 'Book the first open slot in a window',
      description:
        "Finds and books the earliest open start for a human within a window of the human's LOCAL dates (earliest_date..latest_date) " +
        'or a plain-English window (when, e.g. "tomorrow afternoon"; the booking\'s text says how it was read), optionally only between ' +
        'earliest_time and latest_time (local HH:MM) and on some weekdays (1=Mon..7=Sun). If someone else takes ' +
        'the slot first (409) it re-queries and books the next one. Returns the booking with UTC and local times. Refusals: NO_SLOT_AVAILABLE ' +
        '(nothing open in the window: widen it), INVALID_DURATION, LIMIT_REACHED, NOT_FOUND, VALIDATION_ERROR.',
      inputSchema: {
        human_id: bookingFields.human_id,
        earliest_date: LocalDate.optional().describe("First local date to consider (YYYY-MM-DD, the human's zone; or give when)"),
        latest_date: LocalDate.optional().describe('Last local date to consider, inclusive (at most 62 dates in all)'),
        when: whenInput.describe(
          'Instead of earliest_date/latest_date: the window in plain English as the person said it ("tomorrow afternoon", "next ' +
            'Tuesday between 2 and 4pm"), read in the human\'s zone. Give either when or both dates.',
        ),
        ...localWindowShape,
        duration: bookingFields.duration,
        attendee_name: bookingFields.attendee_name,
        attendee_email: bookingFields.attendee_email,
        metadata: bookingFields.metadata,
      },
    },
    ({ earliest_date, latest_date, when, earliest_time, latest_time, weekdays, ...booking }) =>
      asTool(async () => {
        // The API's own words would name its date_from/date_to, which this tool calls otherwise.
        const dates = earliest_date !== undefined || latest_date !== undefined;
        if (when !== undefined && dates) return refused('VALIDATION_ERROR', 'give when or earliest_date and latest_date, not both');
        if (when === undefined && (earliest_date === undefined || latest_date === undefined))
          return refused('VALIDATION_ERROR', 'give both earliest_date and latest_date, or when');
        // Every offending argument named, the dates' and the times' alike.
        const problem = [datesProblem(earliest_date, latest_date), windowProblem({ earliest_time, latest_time })]
          .filter(Boolean)
          .join('; ');
        if (problem) return refused('VALIDATION_ERROR', problem);
        const { timezone } = await client.humans.get(booking.human_id);
        let interpreted: InterpretedAs | undefined;
        const created = await client.bookings.bookFirstAvailable({
          ...booking,
          date_from: earliest_date,
          date_to: latest_date,
          when,
          accept: (slot) => inLocalWindow(slot, timezone, { earliest_time, latest_time, weekdays }),
          onRead: (read) => (interpreted = read),
        });
        const local = await localBooking(created, zoneLookup(client));
        const answer = interpreted ? { ...local, interpreted_as: interpreted } : local;
        return ok(
          answer,
          `${readingOf(when, interpreted)}Booked${when === undefined ? '' : ' the first open start in it'}: ${describeBooking(local)}`,
        );
      }),
  );

  server.registerTool(
    'reschedule_booking',
    {
      title: 'Move a booking to another start',
      description:
        'Moves a confirmed booking to a new start in one step: the old booking is cancelled (rescheduled_to = the new id) and a new one is ' +
        'confirmed (rescheduled_from = the old id), with the same attendee and metadata; the old booking never blocks its own move. Use a ' +
        "starts_at from find_slots or check_time, passed unchanged; duration defaults to the booking's own. Consumes no quota. Always " +
        'idempotent (idempotency_key, or one is generated). Returns the NEW booking with UTC and local times. Refusals: BOOKING_CANCELLED ' +
        '(already cancelled or moved: get_booking shows rescheduled_to), SLOT_UNAVAILABLE (call find_slots again), OUTSIDE_WORKING_HOURS, ' +
        'OUTSIDE_BOOKING_WINDOW, SCHEDULE_BLOCKED, INVALID_DURATION, VALIDATION_ERROR, NOT_FOUND.',
      inputSchema: {
        ...shapeOf(BookingPathParamsSchema),
        ...shapeOf(RescheduleBookingBodySchema),
        idempotency_key: z.string().min(1).max(255).optional().describe('Reuse the same key to retry the same move safely'),
      },
    },
    ({ booking_id, idempotency_key, ...body }) =>
      asTool(async () => {
        const moved = await client.bookings.reschedule(booking_id, body, { idempotencyKey: idempotency_key ?? `mcp-${randomUUID()}` });
        const local = await localBooking(moved, zoneLookup(client));
        return ok(local, `Moved (was booking ${booking_id}): ${describeBooking(local)}`);
      }),
  );

  server.registerTool(
    'cancel_booking',
    {
      title: 'Cancel a booking',
      description:
        'Cancels a booking and frees its time; cancelling an already cancelled booking just returns it again. Returns the booking ' +
        '(status cancelled, cancelled_at set). Refusal: NOT_FOUND.',
      inputSchema: shapeOf(BookingPathParamsSchema),
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ booking_id }) =>
      asTool(async () => {
        const local = await localBooking(await client.bookings.cancel(booking_id), zoneLookup(client));
        return ok(local, `Cancelled: ${describeBooking(local)}`);
      }),
  );

  server.registerTool(
    'get_booking',
    {
      title: 'Get a booking',
      description: 'Returns one booking (confirmed or cancelled) with its metadata and every time in UTC and local. Refusal: NOT_FOUND.',
      inputSchema: shapeOf(BookingPathParamsSchema),
      annotations: { readOnlyHint: true },
    },
    ({ booking_id }) =>
      asTool(async () => {
        const local = await localBooking(await client.bookings.get(booking_id), zoneLookup(client));
        return ok(local, describeBooking(local));
      }),
  );

  server.registerTool(
    'list_bookings',
    {
      title: 'List bookings',
      description:
        'Lists bookings, newest first, optionally of one human, by status (confirmed/cancelled) and with starts_after/starts_before ' +
        '(ISO instants). Returns { data, next_cursor }; pass next_cursor as cursor for the next page. Refusal: VALIDATION_ERROR.',
      inputSchema: shapeOf(ListBookingsQuerySchema),
      annotations: { readOnlyHint: true },
    },
    (args) =>
      asTool(async () => {
        const page = await client.bookings.list(args);
        const zoneOf = zoneLookup(client);
        const data = await Promise.all(page.data.map((b) => localBooking(b, zoneOf)));
        const text = data.length === 0 ? 'No bookings match.' : data.map(describeBooking).join('\n');
        return ok({ data, next_cursor: page.next_cursor }, text + (page.next_cursor ? `\nMore: cursor=${page.next_cursor}` : ''));
      }),
  );
}
