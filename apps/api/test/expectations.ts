import { expect } from 'vitest';
import type { ApiResponse, TestApp } from './test-app.js';

/** ISO 8601 UTC at second precision, as every response timestamp must be. */
export const UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The error envelope, with nothing else in the body. */
export function expectEnvelope(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error: { code, message: expect.any(String), status } });
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

/** 422 VALIDATION_ERROR whose message names every given field. */
export function expectValidationError(res: ApiResponse, fields: string[]): void {
  expectEnvelope(res, 422, 'VALIDATION_ERROR');
  for (const field of fields) expect(res.body.error.message, `message names ${field}`).toContain(field);
}

/** A valid, complete PUT availability body. */
export const SCHEDULE = {
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30],
};

/** The six scheduling rules, all off, and no preferred hours: how a schedule set without them reads back. */
export const RULES_OFF = {
  buffer_before: null,
  buffer_after: null,
  minimum_notice: null,
  booking_horizon_days: null,
  slot_interval: null,
  max_bookings_per_day: null,
  preferred_hours: null,
};

/** The six scheduling rules, each on. */
export const RULES_ON = {
  buffer_before: 10,
  buffer_after: 5,
  minimum_notice: 120,
  booking_horizon_days: 60,
  slot_interval: 15,
  max_bookings_per_day: 4,
};

/** A schedule as GET returns it after a PUT of `schedule` without rules. */
export const returned = (schedule: Record<string, unknown>) => ({ ...schedule, ...RULES_OFF });

/** Creates a human and returns its id; fails the test on anything but 201. */
export async function createHuman(
  app: TestApp,
  key: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; [field: string]: any }> {
  const res = await app.call('POST', '/v1/humans', { key, body: { name: 'Ada Lovelace', timezone: 'UTC', ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** YYYY-MM-DD of a UTC date `days` after today. */
export function utcDate(days: number, from = new Date()): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
