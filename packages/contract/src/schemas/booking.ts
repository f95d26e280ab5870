import { z } from 'zod';
import { checkedTogether, Email, hasNoDuplicates, Instant, isInstant, ListQuery, StartInstant, Uuid, UtcTimestamp } from './common.js';

export const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** Metadata is at most 16 KiB once serialized as JSON (UTF-8 bytes, not characters). */
export const MAX_METADATA_BYTES = 16 * 1024;

/**
 * Metadata nests at most this deep (objects and arrays). Beyond a few thousand levels
 * JSON.stringify overflows the stack (found by the fuzzer: a 500), and no real use nests
 * past a handful; 32 leaves ample room.
 */
export const MAX_METADATA_DEPTH = 32;

const utf8 = new TextEncoder();

/** How deep a JSON value nests, counted without recursion so any depth can be measured. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Free-form JSON object stored with a booking and echoed unchanged in webhook payloads.
 * z.record only accepts plain objects, so arrays, null and scalars fail here.
 */
export const BookingMetadataSchema = z.preprocess(
  (value, ctx) => {
    // JSON.parse keeps a "__proto__" key as data, but copying the object (z.record does)
    // drops it or makes it the prototype: refused, at any depth, rather than lost.
    if (hasProtoKey(value)) ctx.addIssue({ code: 'custom', message: 'must not use "__proto__" as a key' });
    return value;
  },
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const depth = jsonDepth(value);
    if (depth > MAX_METADATA_DEPTH) {
      ctx.addIssue({ code: 'custom', message: `must nest at most ${MAX_METADATA_DEPTH} levels deep; got ${depth}` });
      return;
    }
    const nonFinite = nonFiniteNumber(value);
    if (nonFinite) {
      ctx.addIssue({
        code: 'custom',
        path: nonFinite.path,
        message: 'must be a finite number (this one is out of the range JSON numbers are read in)',
      });
      return;
    }
    const bytes = utf8.encode(JSON.stringify(value)).length;
    if (bytes > MAX_METADATA_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `must be at most ${MAX_METADATA_BYTES} bytes (16 KiB) as JSON; got ${bytes} bytes`,
      });
    }
  }),
);

/**
 * The first number out of range: 1e999 parses to Infinity, which JSON writes as null, and
 * metadata is returned unchanged. (A whole number with more digits than a double keeps is
 * refused while the body is read, where its text is still there: http/json-bounds.ts.)
 */
function nonFiniteNumber(value: unknown): { path: Array<string | number> } | undefined {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'number' && !Number.isFinite(node)) return { path };
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) stack.push([child, [...path, Array.isArray(node) ? Number(key) : key]]);
  }
  return undefined;
}

/** Whether a JSON value has an own "__proto__" key anywhere (without recursion, like jsonDepth). */
function hasProtoKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, '__proto__')) return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

export type BookingMetadata = z.infer<typeof BookingMetadataSchema>;

/** The attendee fields of a booking, shared by POST /v1/bookings and a hold's confirm. */
export const BookingAttendeeShape = {
  attendee_name: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  attendee_email: Email.nullable()
    .optional()
    .describe("The attendee's address; absent or null = none (as a booking without one returns it)"),
  metadata: BookingMetadataSchema.optional().describe(
    'JSON object, at most 16 KiB, nested at most 32 deep, no "__proto__" key; default {}. Returned as the same JSON value, in ' +
      'the booking and its webhook payloads: keys may come back in another order once stored, and numbers are read as ' +
      'IEEE 754 doubles: a number out of their range, or a whole number with more digits than they keep ' +
      '(12345678901234567890), is refused (send long identifiers as strings).',
  ),
};

/** Several humans: up to 20 in one query or booking. */
export const MAX_GROUP_HUMANS = 20;

/** all: every listed human at that start (collective); any: one free human of them (round robin). */
export const GroupModeSchema = z.enum(['all', 'any']);
export type GroupMode = z.infer<typeof GroupModeSchema>;

/** A list of distinct humans of the organization, 1..20. */
export const HumanIdList = z
  .array(Uuid)
  .min(1, 'must name at least one human')
  .max(MAX_GROUP_HUMANS, `must name at most ${MAX_GROUP_HUMANS} humans`)
  .refine(hasNoDuplicates, 'must not name a human twice');

/**
 * Body of POST /v1/bookings. Checks against the human's schedule happen in the server.
 * Either human_id (one human) or human_ids with mode (several humans); mode is required with
 * human_ids so a collective booking is never made by default.
 */
const CreateBookingBodyObject = z
  .object({
    human_id: Uuid.optional().describe('The human to book; or send human_ids and mode'),
    human_ids: HumanIdList.optional().describe('Several humans (1-20), instead of human_id; needs mode'),
    mode: GroupModeSchema.optional().describe(
      'With human_ids: all books every human at that start (all or none, sharing a group_id); ' +
        'any books the free human with the fewest confirmed bookings that local day (tie: the one listed first)',
    ),
    starts_at: StartInstant.describe('A starts_at from the slots response; any offset is accepted'),
    // No upper bound here: a duration the human does not offer is INVALID_DURATION, not a
    // malformed field.
    duration: z
      .number()
      .int('must be a whole number of minutes')
      // min(1), not positive(): the same for integers, and it becomes OpenAPI 3.0's
      // `minimum: 1` instead of a 3.1-style numeric exclusiveMinimum.
      .min(1, 'must be a positive number of minutes'),
    ...BookingAttendeeShape,
  })
  .strict();

/**
 * Which humans, checked on the body as sent: human_id, or human_ids with mode. Checked together
 * with the fields rather than as a refinement, because zod runs no refinement once a field failed: a body missing
 * human_id and starts_at must name both.
 */
function whichHumansIssues(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (body.human_id === undefined && body.human_ids === undefined) {
    ctx.addIssue({ code: 'custom', path: ['human_id'], message: 'is required (or send human_ids and mode)' });
  }
  if (body.human_id !== undefined && body.human_ids !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['human_ids'], message: 'must not be sent with human_id' });
  }
  if (body.human_ids !== undefined && body.mode === undefined) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'is required with human_ids: all or any' });
  }
  if (body.human_ids === undefined && body.mode !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['mode'], message: 'is only allowed with human_ids' });
  }
}

export const CreateBookingBodySchema = checkedTogether(CreateBookingBodyObject, whichHumansIssues);

export type CreateBookingBody = z.infer<typeof CreateBookingBodySchema>;

/** Headers of POST /v1/bookings. Node lower-cases header names, so the key is lower case. */
export const CreateBookingHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .optional()
    .describe('Retries with the same key and body within 24 h return the first response'),
});

export type CreateBookingHeaders = z.infer<typeof CreateBookingHeadersSchema>;

export const BookingSchema = z.object({
  id: Uuid,
  human_id: Uuid,
  starts_at: UtcTimestamp,
  ends_at: UtcTimestamp.describe('starts_at plus duration_minutes'),
  duration_minutes: z.number().int(),
  attendee_name: z.string(),
  attendee_email: z.string().nullable(),
  status: BookingStatusSchema,
  metadata: z.record(z.string(), z.unknown()),
  created_at: UtcTimestamp,
  cancelled_at: UtcTimestamp.nullable(),
  rescheduled_from: Uuid.nullable().describe('The booking this one replaced by a reschedule, else null'),
  rescheduled_to: Uuid.nullable().describe('The booking that replaced this one by a reschedule, else null'),
  group_id: Uuid.nullable().describe('Shared by the bookings of one mode=all booking of several humans, else null'),
});

export type Booking = z.infer<typeof BookingSchema>;

/**
 * 201 of POST /v1/bookings: the booking; for mode=all, the first listed human's booking with
 * every booking of the group (listed order) in group_bookings, so each id is known at once.
 */
export const CreatedBookingSchema = BookingSchema.extend({
  group_bookings: z.array(BookingSchema).optional().describe('mode=all only: every booking made, one per human, in the order of human_ids'),
});

export type CreatedBooking = z.infer<typeof CreatedBookingSchema>;

/** Query of GET /v1/bookings: optional filters on top of the list paging. */
export const ListBookingsQuerySchema = checkedTogether(
  ListQuery.extend({
    human_id: Uuid.optional(),
    status: BookingStatusSchema.optional(),
    starts_after: Instant.optional().describe('Only bookings starting at or after this instant'),
    starts_before: Instant.optional().describe('Only bookings starting before this instant'),
  }),
  (query, ctx) => {
    // A range that holds no instant is a mistake (the dates swapped), not an empty answer.
    const { starts_after: after, starts_before: before } = query;
    if (isInstant(after) && isInstant(before) && Date.parse(before) <= Date.parse(after)) {
      ctx.addIssue({ code: 'custom', path: ['starts_before'], message: 'must be later than starts_after' });
    }
  },
);

export type ListBookingsQuery = z.infer<typeof ListBookingsQuerySchema>;

export const BookingPathParamsSchema = z.object({ booking_id: Uuid });

/** Body of POST /v1/bookings/{booking_id}/reschedule. */
export const RescheduleBookingBodySchema = z
  .object({
    starts_at: StartInstant.describe('The new start, a starts_at from the slots response'),
    duration: z
      .number()
      .int('must be a whole number of minutes')
      .min(1, 'must be a positive number of minutes')
      .optional()
      .describe("Minutes; default the booking's own duration"),
  })
  .strict();

export type RescheduleBookingBody = z.infer<typeof RescheduleBookingBodySchema>;

/** text/calendar (RFC 5545) for one booking. */
export const BookingCalendarSchema = z.string().describe('An iCalendar (RFC 5545) file with one VEVENT');
