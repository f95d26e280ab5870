import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, ErrorEnvelopeSchema, errorEnvelope, isErrorCode } from './errors.js';

describe('error codes', () => {
  it('gives every code an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(Number.isInteger(status), code).toBe(true);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('gives each code its documented status', () => {
    expect(ERROR_STATUS).toEqual({
      UNAUTHORIZED: 401,
      NOT_FOUND: 404,
      SLOT_UNAVAILABLE: 409,
      INVALID_DURATION: 422,
      OUTSIDE_WORKING_HOURS: 422,
      SCHEDULE_BLOCKED: 422,
      LIMIT_REACHED: 402,
      VALIDATION_ERROR: 422,
      WEBHOOK_URL_TAKEN: 409,
      IDEMPOTENCY_KEY_REUSED: 422,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      INTERNAL_ERROR: 500,
      OUTSIDE_BOOKING_WINDOW: 422,
      BOOKING_CANCELLED: 409,
      DELIVERY_PENDING: 409,
      NOT_IMPLEMENTED: 501,
      SERVICE_UNAVAILABLE: 503,
      CALENDAR_UNREADABLE: 422,
      CALENDAR_URL_TAKEN: 409,
    });
  });

  it('has no duplicate codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

describe('errorEnvelope', () => {
  it('builds the error envelope with the status of the code', () => {
    expect(errorEnvelope('SLOT_UNAVAILABLE', 'Slot taken')).toEqual({
      error: { code: 'SLOT_UNAVAILABLE', message: 'Slot taken', status: 409 },
    });
  });

  it('produces envelopes the schema accepts, for every code', () => {
    for (const code of ERROR_CODES) {
      expect(ErrorEnvelopeSchema.parse(errorEnvelope(code, 'x'))).toEqual(errorEnvelope(code, 'x'));
    }
  });

  it('rejects an unknown code or a missing field', () => {
    expect(ErrorEnvelopeSchema.safeParse({ error: { code: 'NOPE', message: 'x', status: 400 } }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ error: { code: 'NOT_FOUND', status: 404 } }).success).toBe(false);
    expect(ErrorEnvelopeSchema.safeParse({ code: 'NOT_FOUND', message: 'x', status: 404 }).success).toBe(false);
  });
});

describe('isErrorCode', () => {
  it('recognizes only known codes', () => {
    expect(isErrorCode('RATE_LIMITED')).toBe(true);
    expect(isErrorCode('rate_limited')).toBe(false);
    expect(isErrorCode(429)).toBe(false);
  });
});
