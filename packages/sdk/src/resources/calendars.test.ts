import { describe, expect, expectTypeOf, it } from 'vitest';
import { CalendarUnreadableError, CalendarUrlTakenError } from '../errors/calendar-errors.js';
import { envelope, HUMAN_ID, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { BusyResponse, Calendar } from '../types.js';

// calendars.* and humans.busy against the mock API.

const server = useMockApi();
const client = testClient();
const CALENDAR_ID = '7a1c2d3e-0000-4000-8000-0000000000c1';
const calendar: Calendar = {
  id: CALENDAR_ID,
  human_id: HUMAN_ID,
  kind: 'ics',
  url: 'https://calendar.example.com/private/basic.ics',
  name: 'Personal',
  write_bookings: false,
  status: 'ok',
  last_synced_at: '2026-11-25T10:00:00Z',
  last_error: null,
  busy_count: 12,
  created_at: '2026-11-25T10:00:00Z',
};

describe('calendars', () => {
  it('create POSTs the body to the human and resolves to the calendar; a refusal is its typed error', async () => {
    const calls = recordRequests(server, () => Response.json(calendar, { status: 201 }));
    const created = await client.calendars.create(HUMAN_ID, { url: calendar.url, name: 'Personal' });
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['POST', `/v1/humans/${HUMAN_ID}/calendars`]);
    expect(calls[0]!.body).toEqual({ url: calendar.url, name: 'Personal' });
    expect(created).toEqual(calendar);
    expectTypeOf(created).toEqualTypeOf<Calendar>();

    server.resetHandlers();
    recordRequests(server, () => envelope('CALENDAR_UNREADABLE', 422, 'The calendar could not be read: the server answered HTTP 404.'));
    await expect(client.calendars.create(HUMAN_ID, { url: calendar.url })).rejects.toBeInstanceOf(CalendarUnreadableError);
    server.resetHandlers();
    recordRequests(server, () => envelope('CALENDAR_URL_TAKEN', 409));
    await expect(client.calendars.create(HUMAN_ID, { url: calendar.url })).rejects.toBeInstanceOf(CalendarUrlTakenError);
  });

  it('list, get, sync and delete address the calendar under its human', async () => {
    const calls = recordRequests(server, (request) => {
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      if (new URL(request.url).pathname.endsWith('/calendars')) return Response.json({ data: [calendar], next_cursor: null });
      return Response.json(calendar);
    });
    expect((await client.calendars.list(HUMAN_ID)).data).toEqual([calendar]);
    expect(await client.calendars.get(HUMAN_ID, CALENDAR_ID)).toEqual(calendar);
    expect(await client.calendars.sync(HUMAN_ID, CALENDAR_ID)).toEqual(calendar);
    await client.calendars.delete(HUMAN_ID, CALENDAR_ID);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `GET /v1/humans/${HUMAN_ID}/calendars`,
      `GET /v1/humans/${HUMAN_ID}/calendars/${CALENDAR_ID}`,
      `POST /v1/humans/${HUMAN_ID}/calendars/${CALENDAR_ID}/sync`,
      `DELETE /v1/humans/${HUMAN_ID}/calendars/${CALENDAR_ID}`,
    ]);
  });
});

describe('humans.busy', () => {
  it('GETs the busy time between two instants', async () => {
    const answer: BusyResponse = {
      data: [{ starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T11:00:00Z', source: 'calendar', calendar_id: CALENDAR_ID }],
    };
    const calls = recordRequests(server, () => Response.json(answer));
    const result = await client.humans.busy(HUMAN_ID, { from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' });
    expect(calls[0]!.url.pathname).toBe(`/v1/humans/${HUMAN_ID}/busy`);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' });
    expect(result).toEqual(answer);
  });
});
