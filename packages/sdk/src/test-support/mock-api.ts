import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Humantime } from '../client.js';
import type { HumantimeOptions } from '../options.js';

export const BASE_URL = 'https://api.humantime.test';
export const API_KEY = 'sk_live_testtesttesttesttesttesttesttest';

/** An msw server for one test file: started before, reset after each test, closed after. */
export function useMockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A client against the mock API with tiny retry delays, so retry tests run fast. */
export function testClient(overrides: Partial<HumantimeOptions> = {}): Humantime {
  return new Humantime({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...overrides,
  });
}

/** The error envelope, with the X-Request-Id every response carries. */
export function envelope(code: string, status: number, message = `${code} happened`, requestId = 'req_123') {
  return Response.json({ error: { code, message, status } }, { status, headers: { 'x-request-id': requestId } });
}

export const HUMAN_ID = '6f1c2d3e-0000-4000-8000-000000000001';
export const BOOKING_ID = '6f1c2d3e-0000-4000-8000-0000000000b1';
export const WEBHOOK_ID = '6f1c2d3e-0000-4000-8000-0000000000a1';
export const OVERRIDE_ID = '6f1c2d3e-0000-4000-8000-0000000000c1';

export const human = {
  id: HUMAN_ID,
  name: 'Ada Lovelace',
  email: null,
  role: null,
  timezone: 'Europe/London',
  availability_rules: {
    working_days: [1, 2, 3, 4, 5],
    work_start: '09:00',
    work_end: '17:00',
    meeting_durations: [30],
    buffer_before: null,
    buffer_after: null,
    minimum_notice: null,
    booking_horizon_days: null,
    slot_interval: null,
    max_bookings_per_day: null,
    preferred_hours: null,
  },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

export function booking(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    id: BOOKING_ID,
    human_id: HUMAN_ID,
    starts_at: '2026-12-01T09:00:00Z',
    ends_at: '2026-12-01T09:30:00Z',
    duration_minutes: 30,
    attendee_name: 'Agent Smith',
    attendee_email: null,
    status: 'confirmed',
    metadata: {},
    created_at: '2026-11-20T10:00:00Z',
    cancelled_at: null,
    rescheduled_from: null,
    rescheduled_to: null,
    group_id: null,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/**
 * Answers every request to the mock API with `reply` and records what was sent, so a test
 * can check method, path, query, headers and body of each attempt.
 */
export function recordRequests(
  server: ReturnType<typeof setupServer>,
  reply: (request: Request, attempt: number) => Response | Promise<Response>,
): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.use(
    http.all(`${BASE_URL}/*`, async ({ request }) => {
      const text = await request.clone().text();
      calls.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: text === '' ? undefined : JSON.parse(text),
      });
      return reply(request, calls.length);
    }),
  );
  return calls;
}
