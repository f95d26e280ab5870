import { describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError } from '../errors/api-errors.js';
import { envelope, HUMAN_ID, recordRequests, testClient, useMockApi } from '../test-support/mock-api.js';
import type { SlotsResponse, SuggestionsResponse } from '../types.js';

// suggestions.list and `when` on humans.slots against the mock API.

const server = useMockApi();
const client = testClient();
const OTHER_ID = '7a1c2d3e-0000-4000-8000-0000000000b2';
const interpreted_as = { date_from: '2026-12-01', date_to: '2026-12-01', from_time: '12:00', to_time: '17:00', timezone: 'Europe/Berlin' };

describe('suggestions.list', () => {
  it('GET /v1/suggestions with comma-joined human_ids and the window, resolves to the ranked list', async () => {
    const answer: SuggestionsResponse = {
      data: [
        {
          starts_at: '2026-12-01T13:00:00Z',
          ends_at: '2026-12-01T13:30:00Z',
          human_ids: [HUMAN_ID, OTHER_ID],
          score: 0.8333,
          reasons: [
            { code: 'room_around', message: 'at least 15 free minutes before and after' },
            { code: 'soon', message: 'starts 1 hour after the window opens' },
            { code: 'spread', message: '1st of at most 3 suggestions on Tue 2026-12-01 (Europe/Berlin)' },
          ],
        },
      ],
      interpreted_as,
    };
    const calls = recordRequests(server, () => Response.json(answer));
    const result = await client.suggestions.list({
      human_ids: [HUMAN_ID, OTHER_ID],
      duration: 30,
      when: 'tomorrow afternoon',
      attendee_timezone: 'Asia/Tokyo',
      limit: 5,
    });
    expect(calls).toHaveLength(1);
    expect([calls[0]!.method, calls[0]!.url.pathname]).toEqual(['GET', '/v1/suggestions']);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      human_ids: `${HUMAN_ID},${OTHER_ID}`,
      duration: '30',
      when: 'tomorrow afternoon',
      attendee_timezone: 'Asia/Tokyo',
      limit: '5',
    });
    expect(result).toEqual(answer);
    expectTypeOf(result).toEqualTypeOf<SuggestionsResponse>();
  });

  it('throws the typed error for a refusal', async () => {
    recordRequests(server, () => envelope('VALIDATION_ERROR', 422, 'Invalid request: when: could not read "whenever"'));
    await expect(client.suggestions.list({ human_ids: [HUMAN_ID], duration: 30, when: 'whenever' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('humans.slots with when', () => {
  it('sends when in place of the dates and returns interpreted_as', async () => {
    const answer: SlotsResponse = { slots: [], timezone: 'Europe/Berlin', duration: 30, interpreted_as };
    const calls = recordRequests(server, () => Response.json(answer));
    const result = await client.humans.slots(HUMAN_ID, { when: 'tomorrow afternoon', duration: 30 });
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ when: 'tomorrow afternoon', duration: '30' });
    expect(result.interpreted_as).toEqual(interpreted_as);
  });
});
