import type { ErrorCode } from '@humantime/contract';
import { isHumantimeError } from '@humantime/sdk';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * What an agent should do after each refusal, keyed by the stable code the text starts
 * with. Written for an LLM: one concrete next step, naming the tool to call.
 */
export const NEXT_STEP: Record<ErrorCode | 'NO_SLOT_AVAILABLE' | 'CONNECTION_ERROR' | 'TIMEOUT' | 'INSUFFICIENT_SCOPE', string> = {
  INSUFFICIENT_SCOPE:
    'This connection may only read. Use the read tools, or ask the person to reconnect the app in their agent app and allow changes; do not retry.',
  UNAUTHORIZED: 'The API key is missing, wrong or was regenerated. Ask the operator for a current sk_live_ key; do not retry.',
  NOT_FOUND:
    'The id does not exist in this organization (or the human was deleted). Find the right id with list_humans or list_bookings; do not retry the same id.',
  SLOT_UNAVAILABLE:
    'The time is taken: booked, held, or busy in a connected calendar of the human (the message says which it knows). Call find_slots again ' +
    'and book another listed start (or use book_first_available).',
  INVALID_DURATION:
    "The duration is not one the human offers; the message lists the allowed ones. Retry with one of them (or change the human's meeting_durations with set_availability).",
  OUTSIDE_WORKING_HOURS:
    'That start is outside working hours or off the slot grid. Use a starts_at exactly as returned by find_slots, or call check_time to see the nearest bookable starts.',
  SCHEDULE_BLOCKED:
    'That time overlaps a block override (vacation, recurring meeting). Pick another start from find_slots, or call check_time for the nearest alternatives.',
  LIMIT_REACHED:
    "The organization's plan limit is reached (monthly bookings or webhooks). Call get_usage and tell a person; retrying will not help until the plan or month changes.",
  VALIDATION_ERROR:
    'An argument is malformed or not allowed (the message names each field; a start in the past is also this). Fix those fields and call again.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency_key was already used for a different booking. Use a new key for a new booking.',
  PAYLOAD_TOO_LARGE: 'The request is too large (metadata is limited to 16 KiB). Send less and call again.',
  RATE_LIMITED: 'Too many requests right now. Wait a few seconds and call again.',
  INTERNAL_ERROR: 'The service failed. Wait a moment and try again; if it persists, tell a person.',
  OUTSIDE_BOOKING_WINDOW:
    "That start is too soon (the human's minimum notice) or too far ahead (the booking horizon). Call check_time for the nearest bookable starts, or find_slots over later or earlier dates.",
  BOOKING_CANCELLED:
    'That booking is cancelled or was already moved (get_booking shows rescheduled_to). Reschedule the current booking, or book a new one with book_slot.',
  WEBHOOK_URL_TAKEN: 'That URL is already registered as a webhook of this organization. Use the existing one.',
  DELIVERY_PENDING: 'The delivery is still being attempted automatically. Check again later.',
  NOT_IMPLEMENTED: 'The server does not support this yet. Tell a person.',
  SERVICE_UNAVAILABLE:
    'The service cannot reach its database for a moment (a restart or failover). Wait a few seconds and call again; a booking retried with the same idempotency_key never books twice.',
  CALENDAR_UNREADABLE:
    'The calendar could not be read (the message says why: a wrong or expired link, refused credentials, not a calendar). Ask the person for a working link or password; nothing was added.',
  CALENDAR_URL_TAKEN: 'That calendar is already connected to this human. Call list_calendars and use it (sync_calendar reads it again).',
  NO_SLOT_AVAILABLE:
    'No bookable slot in that window. Widen the dates, times or weekdays and call book_first_available or find_slots again.',
  CONNECTION_ERROR: 'The humantime API could not be reached. Wait a moment and try again; if it persists, check HUMANTIME_URL.',
  TIMEOUT: 'The humantime API did not answer in time. Try again; a booking retried with the same idempotency_key never books twice.',
};

/** The next step when the address the server calls is not the humantime API's. */
const WRONG_ADDRESS =
  'The humantime API was not found at the configured address: check HUMANTIME_URL (the base URL, e.g. https://api.example.com, ' +
  'without /v1). Tell a person; retrying will not help.';

/** A successful tool result: the data as structuredContent, and a short text for the model. */
export function ok(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A tool's own next steps for some codes, where the general one (NEXT_STEP) would send the agent the wrong way. */
export type NextSteps = Partial<Record<keyof typeof NEXT_STEP, string>>;

/** A refusal as an MCP tool error: the text starts with the stable code, then the next step. */
export function refused(code: string, message: string, nextSteps: NextSteps = {}): CallToolResult {
  const next =
    (nextSteps as Record<string, string>)[code] ??
    (NEXT_STEP as Record<string, string>)[code] ??
    'Read the message, adjust the call and try again.';
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}\nNext: ${next}` }],
    structuredContent: { error: { code, message, next_step: next } },
  };
}

/**
 * Runs a tool body; an API error (or an SDK one such as NO_SLOT_AVAILABLE) becomes a tool
 * error the agent can act on, with `nextSteps` where this tool knows better than NEXT_STEP. Anything else is a bug and is rethrown for the MCP SDK to
 * report.
 */
export async function asTool(run: () => Promise<CallToolResult>, nextSteps: NextSteps = {}): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (isHumantimeError(error)) {
      // Not an id the API does not know: the API itself is not at that address.
      if (error.code === 'NOT_FOUND' && /^No route |without a humantime error envelope/.test(error.message)) {
        return refused(error.code, error.message, { NOT_FOUND: WRONG_ADDRESS });
      }
      return refused(error.code, error.message, nextSteps);
    }
    throw error;
  }
}
