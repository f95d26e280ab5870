import { ERROR_CODES, ERROR_STATUS, errorEnvelope, type ErrorCode } from '@humantime/contract';
import type { Entity } from './example-values.js';

// The error responses of /openapi.json: per operation and status, the codes it can answer
// with (those its description names, else every code of that status) and one example
// envelope per code, with the message the service really sends (or one like it).

export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** Codes any route can answer with whatever its description says (auth, limits, failures). */
const ANY_ROUTE: ReadonlySet<ErrorCode> = new Set([
  'UNAUTHORIZED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
]);

const ENTITY_NAMES: Partial<Record<Entity, string>> = {
  human: 'Human',
  booking: 'Booking',
  calendar: 'Calendar',
  override: 'Override',
  hold: 'Hold',
  webhook: 'Webhook',
  delivery: 'Delivery',
};

const LIMIT_MESSAGES: Partial<Record<Entity, string>> = {
  calendar: 'A human can have at most 10 calendars; remove one before adding another.',
  webhook: 'The free plan allows at most 2 webhooks; delete one or upgrade the plan.',
};

function message(code: ErrorCode, entity: Entity): string {
  switch (code) {
    case 'UNAUTHORIZED':
      return 'The API key is missing or invalid. Send Authorization: Bearer sk_live_...';
    case 'NOT_FOUND':
      return `${ENTITY_NAMES[entity] ?? 'Human'} not found.`;
    case 'SLOT_UNAVAILABLE':
      return (
        'The slot is not available: another booking or a hold overlaps it or its buffer, or its day already holds ' +
        "the human's maximum of bookings. Re-query the slots and book another."
      );
    case 'INVALID_DURATION':
      return "duration must be one of this human's meeting_durations: 30, 60 (minutes).";
    case 'OUTSIDE_WORKING_HOURS':
      return (
        'starts_at is not a bookable start: it is outside working days and hours (and any open override), ' +
        'or off the slot grid. Use a starts_at from GET /v1/humans/{human_id}/slots.'
      );
    case 'OUTSIDE_BOOKING_WINDOW':
      return (
        "starts_at is outside this human's booking window: earlier than the minimum notice allows or " +
        'later than the booking horizon. Use a starts_at from GET /v1/humans/{human_id}/slots.'
      );
    case 'SCHEDULE_BLOCKED':
      return 'The requested time overlaps a block override of this human.';
    case 'LIMIT_REACHED':
      return (
        LIMIT_MESSAGES[entity] ??
        'The monthly booking quota is used up and auto-purchase is off. Turn on auto-purchase or upgrade the plan.'
      );
    case 'VALIDATION_ERROR':
      return 'Invalid request: duration: Expected number, received string';
    case 'WEBHOOK_URL_TAKEN':
      return 'url: https://agent.example.com/hooks/humantime is already registered as a webhook of this organization.';
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'This Idempotency-Key was already used for a different request (another body, or another endpoint). Use a new key for a new request.';
    case 'PAYLOAD_TOO_LARGE':
      return 'The request body exceeds 1 MiB.';
    case 'RATE_LIMITED':
      return 'Too many requests for this API key: 200 at once, refilled at the configured rate per second. Retry after 1 s.';
    case 'INTERNAL_ERROR':
      return 'Something went wrong on our side. It was logged; retry later.';
    case 'BOOKING_CANCELLED':
      return 'This booking is cancelled and cannot be moved. Create a new booking instead.';
    case 'DELIVERY_PENDING':
      return 'This delivery is still being attempted on its automatic schedule. Retry it once it is delivered or failed.';
    case 'NOT_IMPLEMENTED':
      return 'This route is not implemented by this server yet.';
    case 'SERVICE_UNAVAILABLE':
      return 'The database cannot be reached right now. Retry after the time in Retry-After.';
    case 'CALENDAR_UNREADABLE':
      return 'The calendar could not be read: the server answered 404 Not Found. Check the link and try again.';
    case 'CALENDAR_URL_TAKEN':
      return 'This calendar is already connected to this human.';
  }
}

/**
 * The codes an operation answers with for a status: those its description names after
 * "Errors:" (the whole description when it has no such part; a code named earlier may be a
 * value of the answer, as check's `code` is), else all of that status.
 */
export function codesFor(status: number, description: string | undefined): ErrorCode[] {
  const ofStatus = ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
  const text = description ?? '';
  const errors = text.includes('Errors:') ? text.slice(text.indexOf('Errors:')) : text;
  const named = ofStatus.filter((code) => ANY_ROUTE.has(code) || new RegExp(`\\b${code}\\b`).test(errors));
  return named.length > 0 ? named : ofStatus;
}

export interface ErrorResponse {
  description: string;
  headers?: Record<string, object>;
  content: { 'application/json': { schema: { $ref: string }; examples: Record<string, { summary: string; value: unknown }> } };
}

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 0 },
    example: 1,
  },
};

/** One error response of an operation: its codes named, one example envelope per code. */
export function errorResponse(status: number, { description, entity }: { description: string | undefined; entity: Entity }): ErrorResponse {
  const codes = codesFor(status, description);
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorEnvelope(code, message(code, entity)) }]));
  return {
    description: `Error. ${codes.length === 1 ? 'Code' : 'Codes'}: ${codes.join(', ')}.`,
    ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF }, examples } },
  };
}
