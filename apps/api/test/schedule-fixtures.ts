import { expect } from 'vitest';
import type { ApiResponse, TestApp } from './test-app.js';

/** Weekly availability as PUT /v1/humans/{id}/availability takes it. */
export interface Availability {
  working_days: number[];
  work_start: string;
  work_end: string;
  meeting_durations: number[];
  /** A scheduling rule, where a test needs one. */
  booking_horizon_days?: number | null;
}

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Creates a human with the given zone and schedule; fails the test on anything but 201. */
export async function createHumanIn(app: TestApp, key: string, timezone: string, availability: Availability): Promise<string> {
  const res = await app.call('POST', '/v1/humans', { key, body: { name: 'Ada Lovelace', timezone, availability } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

/** POST an override and expect 201; returns the created override. */
export async function addOverride(app: TestApp, key: string, humanId: string, body: Record<string, unknown>) {
  const res = await app.call('POST', `/v1/humans/${humanId}/overrides`, { key, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; [field: string]: unknown };
}

export function slotsPath(humanId: string, dateFrom: string, dateTo: string, duration: number | string): string {
  return `/v1/humans/${humanId}/slots?date_from=${dateFrom}&date_to=${dateTo}&duration=${duration}`;
}

/** The listed starts (ISO strings) for the range; fails the test on anything but 200. */
export async function listedStarts(app: TestApp, key: string, humanId: string, dateFrom: string, dateTo: string, duration: number) {
  const res = await app.call('GET', slotsPath(humanId, dateFrom, dateTo, duration), { key });
  expect(res.status, res.text).toBe(200);
  return (res.body.slots as { starts_at: string }[]).map((s) => s.starts_at);
}

/** The error envelope with this status and code, nothing else in the body. */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect([res.status, res.body?.error?.code], res.text).toEqual([status, code]);
  expect(res.body).toEqual({ error: { code, message: expect.any(String), status } });
}

/** 422 VALIDATION_ERROR whose message names every given field. */
export function expectInvalid(res: ApiResponse, fields: string[]): void {
  expectError(res, 422, 'VALIDATION_ERROR');
  for (const field of fields) expect(res.body.error.message, `message names ${field}`).toContain(field);
}

/** "2026-03-08T06:00:00Z" for each "HH:MM" of a UTC date: keeps expected instants short and exact. */
export function utc(date: string, ...times: string[]): string[] {
  return times.map((t) => `${date}T${t}:00Z`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
