import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import {
  BookingSchema,
  CreateBookingBodySchema,
  CreateBookingHeadersSchema,
  ListBookingsQuerySchema,
  MAX_METADATA_BYTES,
  MAX_METADATA_DEPTH,
} from './booking.js';

const HUMAN_ID = '6f1c2a4e-8b3d-4c5e-9f10-112233445566';
const body = { human_id: HUMAN_ID, starts_at: '2026-12-01T14:00:00Z', duration: 30, attendee_name: 'Agent Smith' };
const issues = (patch: Record<string, unknown>) => issuesOf(CreateBookingBodySchema, { ...body, ...patch });

/** A metadata object whose JSON is exactly `bytes` long. */
function metadataOfSize(bytes: number): Record<string, string> {
  const overhead = JSON.stringify({ k: '' }).length;
  return { k: 'x'.repeat(bytes - overhead) };
}

describe('CreateBookingBodySchema', () => {
  it('accepts the minimal and the full body, with any offset', () => {
    expect(issues({})).toEqual([]);
    expect(
      issues({ starts_at: '2026-12-01T15:00:00+01:00', attendee_email: 'smith@example.com', metadata: { ticket: 42, tags: ['a'] } }),
    ).toEqual([]);
  });

  it('requires human_id, starts_at, duration and attendee_name', () => {
    // Every missing field is named, the human among them (checked before the fields).
    expect(issuesOf(CreateBookingBodySchema, {})).toEqual([
      'human_id: is required (or send human_ids and mode)',
      'starts_at: Required',
      'duration: Required',
      'attendee_name: Required',
    ]);
    expect(issues({ human_id: undefined })).toEqual(['human_id: is required (or send human_ids and mode)']);
  });

  it('takes human_ids with mode instead of human_id, for several humans', () => {
    const ids = ['7a1c2d3e-0000-4000-8000-000000000001', '7a1c2d3e-0000-4000-8000-000000000002'];
    expect(issues({ human_id: undefined, human_ids: ids, mode: 'all' })).toEqual([]);
    expect(issues({ human_id: undefined, human_ids: ids, mode: 'any' })).toEqual([]);
    expect(issues({ human_ids: ids, mode: 'all' })).toEqual(['human_ids: must not be sent with human_id']);
    expect(issues({ human_id: undefined, human_ids: ids })).toEqual(['mode: is required with human_ids: all or any']);
    expect(issues({ mode: 'any' })).toEqual(['mode: is only allowed with human_ids']);
    expect(issues({ human_id: undefined, human_ids: [ids[0], ids[0]], mode: 'all' })).toEqual(['human_ids: must not name a human twice']);
    expect(issues({ human_id: undefined, human_ids: [], mode: 'all' })).toEqual(['human_ids: must name at least one human']);
    expect(
      issues({
        human_id: undefined,
        human_ids: Array.from({ length: 21 }, (_, i) => `7a1c2d3e-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`),
        mode: 'all',
      }),
    ).toEqual(['human_ids: must name at most 20 humans']);
    expect(issues({ human_id: undefined, human_ids: ids, mode: 'some' })).toHaveLength(1);
  });

  it('rejects malformed fields, naming each', () => {
    expect(issues({ human_id: 'h1' })).toEqual(['human_id: must be a UUID']);
    expect(issues({ starts_at: '2026-12-01T14:00:00' })[0]).toMatch(/^starts_at: must be an ISO 8601 timestamp/);
    expect(issues({ duration: 0 })).toEqual(['duration: must be a positive number of minutes']);
    expect(issues({ duration: '30' })).toHaveLength(1);
    expect(issues({ attendee_name: '' })).toEqual(['attendee_name: must not be empty']);
    expect(issues({ attendee_name: 'n'.repeat(201) })).toEqual(['attendee_name: must be at most 200 characters']);
    expect(issues({ attendee_email: 'smith' })).toEqual(['attendee_email: must be a valid e-mail address']);
    expect(issues({ extra: true })).toHaveLength(1);
  });

  it('accepts a duration the human may not offer (that is INVALID_DURATION, not malformed)', () => {
    expect(issues({ duration: 10_000 })).toEqual([]);
  });

  it('rejects metadata that is not a JSON object', () => {
    for (const metadata of [[1, 2], 'text', 42, true, null]) {
      expect(issues({ metadata }), JSON.stringify(metadata)).toHaveLength(1);
      expect(issues({ metadata })[0]).toMatch(/^metadata: /);
    }
  });

  it('refuses a "__proto__" key at any depth (copying the object would drop it), as JSON.parse gives it', () => {
    for (const text of ['{"__proto__":{"polluted":1},"a":1}', '{"x":{"__proto__":"v"}}', '{"list":[{"__proto__":1}]}']) {
      expect(issues({ metadata: JSON.parse(text) }), text).toEqual(['metadata: must not use "__proto__" as a key']);
    }
    expect(issues({ metadata: JSON.parse('{"constructor":{"prototype":{"x":1}},"proto":1}') })).toEqual([]);
  });

  it('refuses numbers out of range (JSON.parse reads 1e999 as Infinity), naming where they are', () => {
    const lossy = 'must be a finite number (this one is out of the range JSON numbers are read in)';
    expect(issues({ metadata: JSON.parse('{"x":1e999}') })).toEqual([`metadata.x: ${lossy}`]);
    expect(issues({ metadata: JSON.parse('{"a":{"list":[1,-1e999]}}') })).toEqual([`metadata.a.list.1: ${lossy}`]);
    expect(issues({ metadata: JSON.parse('{"id":1152921504606846976,"n":-9007199254740991,"f":0.1,"e":1e21,"z":-0}') })).toEqual([]);
  });

  it('accepts metadata up to 16 KiB serialized and rejects more', () => {
    expect(issues({ metadata: {} })).toEqual([]);
    expect(issues({ metadata: metadataOfSize(MAX_METADATA_BYTES) })).toEqual([]);
    expect(issues({ metadata: metadataOfSize(MAX_METADATA_BYTES + 1) })).toEqual([
      'metadata: must be at most 16384 bytes (16 KiB) as JSON; got 16385 bytes',
    ]);
  });

  it('accepts metadata nested 32 deep and refuses deeper, even far past the call stack', () => {
    const nest = (depth: number) => {
      let value: unknown = 'leaf';
      for (let i = 1; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
      return { a: value };
    };
    expect(issues({ metadata: nest(MAX_METADATA_DEPTH) })).toEqual([]);
    expect(issues({ metadata: nest(MAX_METADATA_DEPTH + 1) })).toEqual(['metadata: must nest at most 32 levels deep; got 33']);
    // Found by the fuzzer: JSON.stringify overflowed the stack here, a 500.
    expect(issues({ metadata: nest(100_000) })).toEqual(['metadata: must nest at most 32 levels deep; got 100000']);
  });

  it('counts metadata size in UTF-8 bytes, not characters', () => {
    // "é" is one character but two bytes.
    const chars = MAX_METADATA_BYTES - JSON.stringify({ k: '' }).length;
    expect(issues({ metadata: { k: 'é'.repeat(chars / 2) } })).toEqual([]);
    expect(issues({ metadata: { k: 'é'.repeat(chars / 2 + 1) } })).toHaveLength(1);
  });

  it('returns metadata unchanged', () => {
    const metadata = { nested: { list: [1, 'two', null], flag: false } };
    expect(CreateBookingBodySchema.parse({ ...body, metadata }).metadata).toEqual(metadata);
  });
});

describe('CreateBookingHeadersSchema', () => {
  it('accepts an optional idempotency-key of 1..255 characters among other headers', () => {
    expect(issuesOf(CreateBookingHeadersSchema, { authorization: 'Bearer x' })).toEqual([]);
    expect(issuesOf(CreateBookingHeadersSchema, { 'idempotency-key': 'k'.repeat(255) })).toEqual([]);
    expect(issuesOf(CreateBookingHeadersSchema, { 'idempotency-key': '' })).toHaveLength(1);
    expect(issuesOf(CreateBookingHeadersSchema, { 'idempotency-key': 'k'.repeat(256) })).toEqual([
      'idempotency-key: must be at most 255 characters',
    ]);
  });
});

describe('ListBookingsQuerySchema', () => {
  it('accepts the filters and paging', () => {
    expect(
      ListBookingsQuerySchema.parse({
        human_id: HUMAN_ID,
        status: 'cancelled',
        starts_after: '2026-01-01T00:00:00Z',
        starts_before: '2026-02-01T00:00:00+01:00',
        limit: '20',
      }),
    ).toMatchObject({ status: 'cancelled', limit: 20 });
    expect(ListBookingsQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it('rejects bad filter values', () => {
    expect(issuesOf(ListBookingsQuerySchema, { status: 'pending' })[0]).toMatch(/^status: /);
    expect(issuesOf(ListBookingsQuerySchema, { starts_after: '2026-01-01' })[0]).toMatch(/^starts_after: /);
    expect(issuesOf(ListBookingsQuerySchema, { human_id: 'x' })[0]).toMatch(/^human_id: /);
  });
});

describe('BookingSchema', () => {
  it('accepts a confirmed and a cancelled booking', () => {
    const booking = {
      id: '6f1c2a4e-8b3d-4c5e-9f10-112233445567',
      human_id: HUMAN_ID,
      starts_at: '2026-12-01T14:00:00Z',
      ends_at: '2026-12-01T14:30:00Z',
      duration_minutes: 30,
      attendee_name: 'Agent Smith',
      attendee_email: null,
      status: 'confirmed',
      metadata: {},
      created_at: '2026-11-30T10:00:00Z',
      cancelled_at: null,
      rescheduled_from: null,
      rescheduled_to: null,
      group_id: null,
    };
    expect(BookingSchema.parse(booking)).toEqual(booking);
    const cancelled = { ...booking, status: 'cancelled', cancelled_at: '2026-11-30T11:00:00Z' };
    expect(BookingSchema.parse(cancelled)).toEqual(cancelled);
  });
});
