import { ERROR_CODES, ERROR_STATUS } from '@humantime/contract';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HUMAN_ID, BASE_URL, envelope, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import * as sdk from '../index.js';
import { API_ERROR_CLASSES, SlotUnavailableError } from './api-errors.js';
import { HumantimeError, HumantimeTimeoutError, HumantimeAbortError } from './humantime-error.js';
import { isHumantimeError } from './is-humantime-error.js';

const server = useMockApi();

describe('error envelope -> error class, one per contract ErrorCode', () => {
  it.each(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]] as const))('%s (%i)', async (code, status) => {
    recordRequests(server, () => envelope(code, status, `message for ${code}`, `req_${code}`));
    const error = await testClient({ maxRetries: 0 })
      .humans.get(HUMAN_ID)
      .catch((e: unknown) => e);
    const Class = API_ERROR_CLASSES[code];
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(HumantimeError);
    expect(error).toMatchObject({
      code,
      status,
      message: `message for ${code}`,
      requestId: `req_${code}`,
      raw: { error: { code, message: `message for ${code}`, status } },
    });
    expect((error as Error).name).toBe(Class.name);
    expect(isHumantimeError(error, code)).toBe(true);
    expect(isHumantimeError(error, code === 'NOT_FOUND' ? 'UNAUTHORIZED' : 'NOT_FOUND')).toBe(false);
    // Every class is part of the public API.
    expect((sdk as Record<string, unknown>)[Class.name]).toBe(Class);
  });
});

describe('responses that are not the envelope', () => {
  it("a proxy's HTML 502 becomes an UNEXPECTED_RESPONSE HumantimeError with the status and text", async () => {
    server.use(
      http.get(
        `${BASE_URL}/v1/usage`,
        () =>
          new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', {
            status: 502,
            headers: { 'content-type': 'text/html', 'x-request-id': 'edge-1' },
          }),
      ),
    );
    const error = await testClient({ maxRetries: 0 })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 502, requestId: 'edge-1' });
    expect((error as HumantimeError).raw).toContain('502 Bad Gateway');
    expect((error as Error).message).toMatch(
      /GET https:\/\/api\.humantime\.test\/v1\/usage answered HTTP 502.*text\/html.*502 Bad Gateway/,
    );
  });

  it('a status that names one code keeps it: non-JSON 429 is RATE_LIMITED, 401 UNAUTHORIZED', async () => {
    recordRequests(server, (_r, attempt) =>
      attempt === 1 ? new Response('slow down', { status: 429 }) : new Response('', { status: 401 }),
    );
    const client = testClient({ maxRetries: 0 });
    await expect(client.usage.get()).rejects.toBeInstanceOf(sdk.RateLimitedError);
    await expect(client.usage.get()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      raw: undefined,
      message: expect.stringMatching(/HTTP 401 .*an empty body/),
    });
  });

  it('an ambiguous status without envelope (409) stays UNEXPECTED_RESPONSE', async () => {
    recordRequests(server, () => Response.json({ message: 'conflict' }, { status: 409 }));
    await expect(testClient().usage.get()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 409 });
  });

  it('a 2xx that is not JSON is an error, not a silent string', async () => {
    recordRequests(server, () => new Response('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(testClient().usage.get()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200 });
  });

  it('an envelope with a code unknown to this SDK keeps the code on the base class', async () => {
    recordRequests(server, () => envelope('QUOTA_FROZEN', 403, 'frozen'));
    const error = await testClient()
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeError);
    expect(error).toMatchObject({ code: 'QUOTA_FROZEN', status: 403, message: 'frozen' });
  });
});

describe('timeouts', () => {
  it('a response slower than timeoutMs is HumantimeTimeoutError, retried for a GET', async () => {
    const calls = recordRequests(server, async () => {
      await delay(500);
      return Response.json({});
    });
    const error = await testClient({ timeoutMs: 50, maxRetries: 1 })
      .usage.get()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeTimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: null });
    expect((error as Error).message).toMatch(/timed out after 50 ms \(2 attempts\)/);
    expect(calls).toHaveLength(2);
  });

  it('a timed-out humans.create is not retried (it may have been carried out)', async () => {
    const calls = recordRequests(server, async () => {
      await delay(500);
      return Response.json({}, { status: 201 });
    });
    await expect(testClient({ timeoutMs: 50 }).humans.create({ name: 'A', timezone: 'UTC' })).rejects.toBeInstanceOf(HumantimeTimeoutError);
    expect(calls).toHaveLength(1);
  });

  it('a per-call timeoutMs overrides the client default', async () => {
    recordRequests(server, async () => {
      await delay(200);
      return Response.json({ plan: 'free' });
    });
    const client = testClient({ timeoutMs: 20, maxRetries: 0 });
    await expect(client.usage.get()).rejects.toBeInstanceOf(HumantimeTimeoutError);
    await expect(client.usage.get({ timeoutMs: 2_000 })).resolves.toEqual({ plan: 'free' });
  });

  it("the caller's signal aborts with HumantimeAbortError, not retried", async () => {
    const calls = recordRequests(server, async () => {
      await delay(1_000);
      return Response.json({});
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await testClient()
      .usage.get({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HumantimeAbortError);
    expect(calls).toHaveLength(1);
  });
});

describe('isHumantimeError', () => {
  it('recognizes errors by brand, as from another copy of the SDK, and rejects look-alikes', () => {
    const error = new SlotUnavailableError({ message: 'taken', status: 409 });
    const copy = Object.create(null) as Record<PropertyKey, unknown>;
    Object.assign(copy, { code: 'SLOT_UNAVAILABLE' });
    copy[Symbol.for('humantime.sdk.error')] = true;
    expect(isHumantimeError(error)).toBe(true);
    expect(isHumantimeError(copy, 'SLOT_UNAVAILABLE')).toBe(true);
    expect(isHumantimeError({ code: 'SLOT_UNAVAILABLE' })).toBe(false);
    expect(isHumantimeError(new Error('x'))).toBe(false);
    expect(isHumantimeError(null)).toBe(false);
  });
});
