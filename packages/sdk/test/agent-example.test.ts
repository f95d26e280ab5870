import {
  BookingSchema,
  CreateBookingBodySchema,
  CreateHumanBodySchema,
  HumanSchema,
  SetAvailabilityBodySchema,
  AvailabilitySchema,
  SlotsQuerySchema,
  SlotsResponseSchema,
} from '@humantime/contract';
import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { runAgent } from '../examples/agent.js';
import { BASE_URL, envelope, testClient, useMockApi } from '../src/test-support/mock-api.js';

// Runs examples/agent.ts against a fake API that checks every request body and query with
// the contract's own schemas and answers with contract-valid bodies, so the example is
// correct against the contract until CI runs it against a live server.

const server = useMockApi();
const HUMAN_ID = '7a1c2d3e-0000-4000-8000-000000000001';
const BOOKING_IDS = ['7a1c2d3e-0000-4000-8000-0000000000b1', '7a1c2d3e-0000-4000-8000-0000000000b2'];
const stamp = '2026-11-20T10:00:00Z';

/** Parses a request part with a contract schema; a mismatch answers 422 like the server. */
function check<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> | Response {
  const result = schema.safeParse(value);
  return result.success ? result.data : envelope('VALIDATION_ERROR', 422, result.error.message);
}

/** Answers with a body after checking it against the contract's response schema. */
function reply(schema: z.ZodTypeAny, body: unknown, status = 200): Response {
  return HttpResponse.json(schema.parse(body), { status, headers: { 'x-request-id': 'req_fake' } });
}

function fakeApi() {
  const log: string[] = [];
  const rulesOff = {
    buffer_before: null,
    buffer_after: null,
    minimum_notice: null,
    booking_horizon_days: null,
    slot_interval: null,
    max_bookings_per_day: null,
    preferred_hours: null,
  };
  let schedule: z.infer<typeof AvailabilitySchema> = {
    working_days: [1, 2, 3, 4, 5],
    work_start: '09:00',
    work_end: '17:00',
    meeting_durations: [30],
    ...rulesOff,
  };
  let listed: { starts_at: string; ends_at: string }[] = [];
  const bookings = new Map<string, z.infer<typeof BookingSchema>>();
  let posts = 0;
  const human = () => ({
    id: HUMAN_ID,
    name: 'Ada Lovelace (agent demo)',
    email: null,
    role: 'Advisor',
    timezone: 'Europe/Berlin',
    availability_rules: schedule,
    created_at: stamp,
    updated_at: stamp,
  });

  server.use(
    http.all(`${BASE_URL}/*`, ({ request }) => {
      log.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.headers.get('authorization') !== 'Bearer sk_live_testtesttesttesttesttesttesttest') {
        return envelope('UNAUTHORIZED', 401);
      }
      return undefined;
    }),
    http.post(`${BASE_URL}/v1/humans`, async ({ request }) => {
      const body = check(CreateHumanBodySchema, await request.json());
      return body instanceof Response ? body : reply(HumanSchema, human(), 201);
    }),
    http.put(`${BASE_URL}/v1/humans/:id/availability`, async ({ request }) => {
      const body = check(SetAvailabilityBodySchema, await request.json());
      if (body instanceof Response) return body;
      // As the server does: a PUT replaces the whole schedule, rules left out are off.
      schedule = { ...rulesOff, ...body };
      return reply(AvailabilitySchema, schedule);
    }),
    http.get(`${BASE_URL}/v1/humans/:id/slots`, ({ request }) => {
      const query = check(SlotsQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      if (query instanceof Response) return query;
      if (!schedule.meeting_durations.includes(query.duration)) return envelope('INVALID_DURATION', 422);
      listed = [8, 9, 10]
        .map((hour) => {
          const start = new Date(`${query.date_from}T${String(hour).padStart(2, '0')}:00:00Z`);
          return {
            starts_at: start.toISOString().replace('.000', ''),
            ends_at: new Date(start.getTime() + query.duration * 60_000).toISOString().replace('.000', ''),
          };
        })
        .filter((slot) => ![...bookings.values()].some((b) => b.starts_at === slot.starts_at && b.status === 'confirmed'));
      return reply(SlotsResponseSchema, { slots: listed, timezone: 'Europe/Berlin', duration: query.duration });
    }),
    http.post(`${BASE_URL}/v1/bookings`, async ({ request }) => {
      const body = check(CreateBookingBodySchema, await request.json());
      if (body instanceof Response) return body;
      if (!request.headers.get('idempotency-key')) return envelope('VALIDATION_ERROR', 422, 'expected an Idempotency-Key');
      if (!listed.some((slot) => slot.starts_at === body.starts_at)) return envelope('OUTSIDE_WORKING_HOURS', 422);
      posts += 1;
      // Someone else wins the first slot between the query and the booking.
      if (posts === 1) {
        bookings.set('other', {
          ...BookingSchema.parse(makeBooking('7a1c2d3e-0000-4000-8000-0000000000ff', body)),
          attendee_name: 'Someone else',
        });
        return envelope('SLOT_UNAVAILABLE', 409, 'taken');
      }
      const booking = makeBooking(BOOKING_IDS[posts - 2]!, body);
      bookings.set(booking.id, booking);
      return reply(BookingSchema, booking, 201);
    }),
    http.delete(`${BASE_URL}/v1/bookings/:id`, ({ params }) => {
      const booking = bookings.get(String(params.id));
      if (!booking) return envelope('NOT_FOUND', 404);
      const cancelled = { ...booking, status: 'cancelled' as const, cancelled_at: '2026-11-20T10:05:00Z' };
      bookings.set(booking.id, cancelled);
      return reply(BookingSchema, cancelled);
    }),
    http.delete(`${BASE_URL}/v1/humans/:id`, () => new HttpResponse(null, { status: 204 })),
  );
  return { log, bookings };
}

function makeBooking(id: string, body: z.infer<typeof CreateBookingBodySchema>): z.infer<typeof BookingSchema> {
  return {
    id,
    human_id: body.human_id!,
    starts_at: body.starts_at,
    ends_at: new Date(Date.parse(body.starts_at) + body.duration * 60_000).toISOString().replace('.000', ''),
    duration_minutes: body.duration,
    attendee_name: body.attendee_name,
    attendee_email: body.attendee_email ?? null,
    status: 'confirmed',
    metadata: body.metadata ?? {},
    created_at: stamp,
    cancelled_at: null,
    rescheduled_from: null,
    rescheduled_to: null,
    group_id: null,
  };
}

describe('examples/agent.ts', () => {
  it('runs every step against the contract: create, hours, slots, book (after a lost race), cancel, webhook, cleanup', async () => {
    const api = fakeApi();
    const lines: string[] = [];
    await runAgent(testClient(), (line) => lines.push(line));

    expect(api.log).toEqual([
      'POST /v1/humans',
      `PUT /v1/humans/${HUMAN_ID}/availability`,
      `GET /v1/humans/${HUMAN_ID}/slots`,
      `GET /v1/humans/${HUMAN_ID}/slots`,
      'POST /v1/bookings',
      `GET /v1/humans/${HUMAN_ID}/slots`,
      'POST /v1/bookings',
      `DELETE /v1/bookings/${BOOKING_IDS[0]}`,
      `DELETE /v1/humans/${HUMAN_ID}`,
    ]);
    expect(api.bookings.get(BOOKING_IDS[0]!)?.status).toBe('cancelled');
    expect(lines.map((line) => line.split(' ')[0])).toEqual([
      'created',
      'set',
      'found',
      'booked',
      'cancelled',
      'verified',
      'rejected',
      'deleted',
    ]);
    expect(lines.join('\n')).toMatch(/verified webhook signature: booking.cancelled/);
    expect(lines.join('\n')).toMatch(/rejected tampered webhook body: no_matching_signature/);
  });

  it('surfaces an API error and still cleans up the human', async () => {
    fakeApi();
    server.use(http.put(`${BASE_URL}/v1/humans/:id/availability`, () => envelope('INTERNAL_ERROR', 500)));
    const lines: string[] = [];
    await expect(runAgent(testClient({ maxRetries: 0 }), (line) => lines.push(line))).rejects.toMatchObject({
      code: 'INTERNAL_ERROR',
    });
    expect(lines.at(-1)).toBe(`deleted human ${HUMAN_ID}`);
  });
});
