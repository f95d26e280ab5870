import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HumantimeConnectionError, HumantimeAbortError } from '../errors/humantime-error.js';
import { InternalServerError, RateLimitedError, ServiceUnavailableError, ValidationError } from '../errors/api-errors.js';
import { HUMAN_ID, booking, envelope, human, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';

const server = useMockApi();

/** Answers the attempts in order with the given responses; the last one repeats. */
function sequence(...responses: (() => Response)[]) {
  return recordRequests(server, (_request, attempt) => responses[Math.min(attempt, responses.length) - 1]!());
}

const ok =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
const fail =
  (code: string, status: number, headers: Record<string, string> = {}) =>
  () => {
    const response = envelope(code, status);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  };
const bookingBody = { human_id: HUMAN_ID, starts_at: '2026-12-01T09:00:00Z', duration: 30, attendee_name: 'A' };

describe('retries', () => {
  it('retries a 500 and resolves with the following 200', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 500), ok(human));
    await expect(testClient().humans.get(HUMAN_ID)).resolves.toEqual(human);
    expect(calls).toHaveLength(2);
  });

  it('retries 503 and 429 (with backoff) until maxRetries, then throws the last error', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 503), fail('RATE_LIMITED', 429), fail('INTERNAL_ERROR', 503));
    const error = await testClient({ maxRetries: 2 })
      .usage.get()
      .catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, code: 'INTERNAL_ERROR' });
  });

  it('respects maxRetries: 0 and per-call overrides', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 500));
    await expect(testClient({ maxRetries: 0 }).usage.get()).rejects.toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1);
    await expect(testClient({ maxRetries: 0 }).usage.get({ maxRetries: 3 })).rejects.toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1 + 4);
  });

  it('uses the default of 2 retries', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 502));
    await expect(testClient().usage.get()).rejects.toMatchObject({ status: 502 });
    expect(calls).toHaveLength(3);
  });

  it.each([
    ['VALIDATION_ERROR', 422],
    ['NOT_FOUND', 404],
    ['UNAUTHORIZED', 401],
    ['SLOT_UNAVAILABLE', 409],
    ['LIMIT_REACHED', 402],
    ['PAYLOAD_TOO_LARGE', 413],
  ])('never retries a 4xx: %s %i', async (code, status) => {
    const calls = sequence(fail(code, status), ok(human));
    await expect(testClient().humans.get(HUMAN_ID)).rejects.toMatchObject({ code, status });
    expect(calls).toHaveLength(1);
  });

  it('never retries 501 NOT_IMPLEMENTED', async () => {
    const calls = sequence(fail('NOT_IMPLEMENTED', 501), ok(human));
    await expect(testClient().humans.get(HUMAN_ID)).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' });
    expect(calls).toHaveLength(1);
  });

  it('honours Retry-After on 429', async () => {
    const calls = sequence(fail('RATE_LIMITED', 429, { 'retry-after': '1' }), ok(human));
    const started = Date.now();
    await expect(testClient().humans.get(HUMAN_ID)).resolves.toEqual(human);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(calls).toHaveLength(2);
  });

  it('waits Retry-After between the attempts as the server sees them, far above the backoff ceiling', async () => {
    const arrivals: number[] = [];
    const calls = recordRequests(server, () => {
      arrivals.push(performance.now());
      return arrivals.length === 1 ? fail('RATE_LIMITED', 429, { 'retry-after': '1' })() : Response.json(booking(), { status: 201 });
    });
    // A booking refused by the rate limiter: retried once the server allows, with the same key.
    await expect(testClient({ retryMaxDelayMs: 5 }).bookings.create(bookingBody)).resolves.toEqual(booking());
    expect(calls).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
    expect(calls[1]!.headers.get('idempotency-key')).toBe(calls[0]!.headers.get('idempotency-key'));
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const arrivals: number[] = [];
    recordRequests(server, () => {
      arrivals.push(Date.now());
      if (arrivals.length > 1) return Response.json(human);
      // Whole seconds, as HTTP dates are: at least one full second ahead.
      const retryAt = new Date((Math.floor(Date.now() / 1000) + 2) * 1000).toUTCString();
      return fail('RATE_LIMITED', 429, { 'retry-after': retryAt })();
    });
    await expect(testClient().humans.get(HUMAN_ID)).resolves.toEqual(human);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
  });

  it('does not wait for a Retry-After beyond 60 s: the caller gets the RateLimitedError', async () => {
    const calls = sequence(fail('RATE_LIMITED', 429, { 'retry-after': '3600' }), ok(human));
    const error = await testClient()
      .humans.get(HUMAN_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(3600);
    expect(calls).toHaveLength(1);
  });

  it('retries a network error on a GET', async () => {
    const calls = sequence(() => HttpResponse.error(), ok(human));
    await expect(testClient().humans.get(HUMAN_ID)).resolves.toEqual(human);
    expect(calls).toHaveLength(2);
  });

  it('throws HumantimeConnectionError when the network keeps failing', async () => {
    const calls = sequence(() => HttpResponse.error());
    const error = await testClient()
      .humans.get(HUMAN_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_ERROR', status: null });
    expect((error as Error).message).toMatch(/3 attempts/);
    expect(calls).toHaveLength(3);
  });

  it('an abort during the wait before a retry rejects with HumantimeAbortError at once', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 500), ok(human));
    const controller = new AbortController();
    const client = testClient({ retryBaseDelayMs: 10_000, retryMaxDelayMs: 10_000 });
    const pending = client.humans.get(HUMAN_ID, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeAbortError);
    expect(calls).toHaveLength(1);
  });
});

describe('POST /v1/bookings retries', () => {
  it('sends the same Idempotency-Key on every attempt of one call', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 500), () => HttpResponse.error(), ok(booking(), 201));
    await expect(testClient().bookings.create(bookingBody)).resolves.toEqual(booking());
    expect(calls).toHaveLength(3);
    const keys = calls.map((call) => call.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(new Set(keys).size).toBe(1);
    expect(calls.every((call) => JSON.stringify(call.body) === JSON.stringify(bookingBody))).toBe(true);
  });

  it('retries with the caller-supplied key', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 503), ok(booking(), 201));
    await testClient().bookings.create(bookingBody, { idempotencyKey: 'order-7' });
    expect(calls.map((call) => call.headers.get('idempotency-key'))).toEqual(['order-7', 'order-7']);
  });

  it('retries 503 SERVICE_UNAVAILABLE (the database is away) after its Retry-After, with the same key and body', async () => {
    const arrivals: number[] = [];
    const calls = recordRequests(server, () => {
      arrivals.push(performance.now());
      return arrivals.length < 3 ? fail('SERVICE_UNAVAILABLE', 503, { 'retry-after': '1' })() : Response.json(booking(), { status: 201 });
    });
    await expect(testClient({ retryMaxDelayMs: 5 }).bookings.create(bookingBody)).resolves.toEqual(booking());
    expect(calls).toHaveLength(3);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(990);
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(990);
    expect(new Set(calls.map((call) => call.headers.get('idempotency-key'))).size).toBe(1);
    expect(calls.every((call) => JSON.stringify(call.body) === JSON.stringify(bookingBody))).toBe(true);
  });

  it('gives up on SERVICE_UNAVAILABLE after maxRetries with ServiceUnavailableError and its Retry-After', async () => {
    const calls = sequence(fail('SERVICE_UNAVAILABLE', 503, { 'retry-after': '0' }));
    const error = await testClient()
      .humans.get(HUMAN_ID)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSeconds: 0 });
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 409 SLOT_UNAVAILABLE or 422', async () => {
    const calls = sequence(fail('SLOT_UNAVAILABLE', 409), ok(booking(), 201));
    await expect(testClient().bookings.create(bookingBody)).rejects.toMatchObject({ code: 'SLOT_UNAVAILABLE' });
    expect(calls).toHaveLength(1);
  });
});

describe('POST without an Idempotency-Key (humans.create, overrides.create, webhooks.create)', () => {
  it('is not retried after a 500: the server may have created the human', async () => {
    const calls = sequence(fail('INTERNAL_ERROR', 500), ok(human, 201));
    await expect(testClient().humans.create({ name: 'Ada', timezone: 'UTC' })).rejects.toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(1);
  });

  it('is not retried after a network error that may have happened after sending', async () => {
    const calls = sequence(() => HttpResponse.error(), ok(human, 201));
    await expect(testClient().humans.create({ name: 'Ada', timezone: 'UTC' })).rejects.toBeInstanceOf(HumantimeConnectionError);
    expect(calls).toHaveLength(1);
  });

  it('is retried after a 429: the rate limiter refused it before any work', async () => {
    const calls = sequence(fail('RATE_LIMITED', 429, { 'retry-after': '0' }), ok(human, 201));
    await expect(testClient().humans.create({ name: 'Ada', timezone: 'UTC' })).resolves.toEqual(human);
    expect(calls).toHaveLength(2);
  });

  it('is retried when the connection was refused, so nothing was sent', async () => {
    let attempts = 0;
    const client = testClient({
      fetch: async () => {
        attempts += 1;
        if (attempts === 1) {
          throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
        }
        return Response.json(human, { status: 201 });
      },
    });
    await expect(client.humans.create({ name: 'Ada', timezone: 'UTC' })).resolves.toEqual(human);
    expect(attempts).toBe(2);
  });

  it('a 422 is never retried', async () => {
    const calls = sequence(fail('VALIDATION_ERROR', 422));
    await expect(testClient().webhooks.create({ url: 'x', events: [] })).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(1);
  });
});

describe('idempotent methods are retried after a 5xx', () => {
  it.each([
    ['PATCH', (c: ReturnType<typeof testClient>) => c.humans.update(HUMAN_ID, { name: 'B' })],
    [
      'PUT',
      (c: ReturnType<typeof testClient>) =>
        c.humans.setAvailability(HUMAN_ID, { working_days: [1], work_start: '09:00', work_end: '10:00', meeting_durations: [30] }),
    ],
    ['DELETE', (c: ReturnType<typeof testClient>) => c.bookings.cancel(HUMAN_ID)],
  ])('%s', async (_method, call) => {
    const calls = sequence(fail('INTERNAL_ERROR', 500), ok(human));
    await call(testClient());
    expect(calls).toHaveLength(2);
  });
});
