import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, ServiceUnavailableError } from '../errors/api-errors.js';
import { API_KEY, envelope, HUMAN_ID, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { CalendarFeed } from '../types.js';

// calendarFeed.create and calendarFeed.revoke against the mock API.

const server = useMockApi();
const client = testClient();
const FEED: CalendarFeed = {
  url: 'https://api.humantime.test/feeds/feed_3q2-7wDd0cY3b1nFJ3m8Jk2y6Y3P0V5Qe6uJ9rT1xYz.ics',
  created_at: '2026-12-01T09:00:00Z',
};

describe('calendarFeed.create', () => {
  it('POSTs /v1/humans/{id}/calendar-feed with the key and no body, and resolves to the URL', async () => {
    const calls = recordRequests(server, () => Response.json(FEED, { status: 201 }));
    const result = await client.calendarFeed.create(HUMAN_ID);
    expect(calls).toHaveLength(1);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['POST', `/v1/humans/${HUMAN_ID}/calendar-feed`]);
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(calls[0]!.body).toBeUndefined();
    expect(result).toEqual(FEED);
    expectTypeOf(result).toEqualTypeOf<CalendarFeed>();
  });

  it('is not retried after a 5xx: the caller decides whether to make another URL', async () => {
    const calls = recordRequests(server, () => envelope('SERVICE_UNAVAILABLE', 503));
    await expect(client.calendarFeed.create(HUMAN_ID)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(calls).toHaveLength(1);
  });

  it('rejects with NotFoundError for an unknown human', async () => {
    recordRequests(server, () => envelope('NOT_FOUND', 404));
    await expect(client.calendarFeed.create(HUMAN_ID)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses an empty human id before any request', async () => {
    const calls = recordRequests(server, () => Response.json(FEED, { status: 201 }));
    expect(() => client.calendarFeed.create('')).toThrow(TypeError);
    await expect(client.calendarFeed.revoke(' ')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });
});

describe('calendarFeed.revoke', () => {
  it('DELETEs /v1/humans/{id}/calendar-feed and resolves to nothing', async () => {
    const calls = recordRequests(server, () => new Response(null, { status: 204 }));
    await expect(client.calendarFeed.revoke(HUMAN_ID)).resolves.toBeUndefined();
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['DELETE', `/v1/humans/${HUMAN_ID}/calendar-feed`]);
  });

  it('is retried after a 5xx, as a DELETE repeats safely', async () => {
    let n = 0;
    const calls = recordRequests(server, () => (++n === 1 ? envelope('SERVICE_UNAVAILABLE', 503) : new Response(null, { status: 204 })));
    await client.calendarFeed.revoke(HUMAN_ID);
    expect(calls).toHaveLength(2);
  });

  it('rejects with NotFoundError when the human has no feed', async () => {
    recordRequests(server, () => envelope('NOT_FOUND', 404));
    const error = await client.calendarFeed.revoke(HUMAN_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});
