import { describe, expect, it } from 'vitest';
import {
  isIdempotentRequest,
  mayHaveReachedServer,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
  type AttemptOutcome,
} from './retry-policy.js';

const response = (status: number, headers: Record<string, string> = {}): AttemptOutcome => ({
  kind: 'response',
  status,
  headers: new Headers(headers),
});
const settings = { retryBaseDelayMs: 100, retryMaxDelayMs: 1_000 };

describe('isIdempotentRequest', () => {
  it('treats GET, PUT, PATCH, DELETE as idempotent and POST only with a key', () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) expect(isIdempotentRequest(method, {})).toBe(true);
    expect(isIdempotentRequest('POST', {})).toBe(false);
    expect(isIdempotentRequest('POST', { 'idempotency-key': 'k' })).toBe(true);
  });
});

describe('shouldRetry', () => {
  it('follows the documented rule', () => {
    expect(shouldRetry(response(429), false)).toBe(true);
    expect(shouldRetry(response(500), true)).toBe(true);
    expect(shouldRetry(response(503), false)).toBe(false);
    expect(shouldRetry(response(501), true)).toBe(false);
    expect(shouldRetry(response(409), true)).toBe(false);
    expect(shouldRetry(response(422), true)).toBe(false);
    expect(shouldRetry({ kind: 'timeout' }, true)).toBe(true);
    expect(shouldRetry({ kind: 'timeout' }, false)).toBe(false);
    expect(shouldRetry({ kind: 'connection', mayHaveReachedServer: true }, false)).toBe(false);
    expect(shouldRetry({ kind: 'connection', mayHaveReachedServer: false }, false)).toBe(true);
    expect(shouldRetry({ kind: 'aborted' }, true)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially with full jitter and a cap', () => {
    const top = () => 0.999999;
    expect(retryDelayMs(0, response(500), settings, top)).toBe(99);
    expect(retryDelayMs(1, response(500), settings, top)).toBe(199);
    expect(retryDelayMs(2, response(500), settings, top)).toBe(399);
    expect(retryDelayMs(10, response(500), settings, top)).toBe(999);
    expect(retryDelayMs(3, response(500), settings, () => 0)).toBe(0);
  });

  it('waits at least Retry-After, and not at all beyond 60 s', () => {
    expect(retryDelayMs(0, response(429, { 'retry-after': '2' }), settings, () => 0.5)).toBe(2_000);
    expect(retryDelayMs(0, response(429, { 'retry-after': '61' }), settings)).toBeNull();
    expect(retryDelayMs(0, response(429, { 'retry-after': 'soon' }), settings, () => 0.5)).toBe(50);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-01T14:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Tue, 01 Dec 2026 14:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('mayHaveReachedServer', () => {
  it('is false only for errors proving no connection was made, however deeply wrapped', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) });
    const aggregate = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error('x'), { code: 'EHOSTUNREACH' })]),
    });
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }) });
    expect(mayHaveReachedServer(refused)).toBe(false);
    expect(mayHaveReachedServer(aggregate)).toBe(false);
    expect(mayHaveReachedServer(reset)).toBe(true);
    expect(mayHaveReachedServer(new TypeError('Failed to fetch'))).toBe(true);
  });
});
