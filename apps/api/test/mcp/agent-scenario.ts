import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import { callOk, nextLocalWeekday, textOf, call } from './mcp-client.js';

/**
 * The agent scenario, as an LLM would drive it: create a human in Asia/Tokyo, find
 * slots next Tuesday afternoon (local), book the first, and check that the result's local
 * time is the wall time the human sees. Returns the tool results for transcripts.
 */
export async function tokyoScenario(client: Client) {
  const human = await callOk(client, 'create_human', { name: 'Haruki Sato', timezone: 'Asia/Tokyo', email: 'haruki@example.com' });
  expect(human.timezone).toBe('Asia/Tokyo');
  const tuesday = nextLocalWeekday('Asia/Tokyo', 2);
  const findArgs = { human_id: human.id, date_from: tuesday, date_to: tuesday, duration: 30, earliest_time: '13:00' };
  const found = await call(client, 'find_slots', findArgs);
  expect(found.isError).toBeFalsy();
  const slots = found.structuredContent;
  expect(slots.days).toHaveLength(1);
  expect(slots.days[0].date).toBe(tuesday);
  expect(slots.days[0].weekday).toBe('Tue');
  // Default hours 09:00-17:00 local: the afternoon is 13:00..16:30, eight 30-minute starts.
  expect(slots.days[0].slots).toHaveLength(8);
  const first = slots.days[0].slots[0];
  // 13:00 in Tokyo (UTC+9, no DST) is 04:00 UTC the same day.
  expect(first.starts_at).toBe(`${tuesday}T04:00:00Z`);
  expect(first.starts_at_local).toBe(`Tue ${tuesday} 13:00 Asia/Tokyo (+09:00)`);

  const bookArgs = { human_id: human.id, starts_at: first.starts_at, duration: 30, attendee_name: 'Agent Smith' };
  const booked = await call(client, 'book_slot', bookArgs);
  expect(booked.isError).toBeFalsy();
  const booking = booked.structuredContent;
  expect(booking.status).toBe('confirmed');
  expect(booking.starts_at).toBe(`${tuesday}T04:00:00Z`);
  expect(booking.starts_at_local).toBe(`Tue ${tuesday} 13:00 Asia/Tokyo (+09:00)`);
  expect(booking.ends_at_local).toBe(`Tue ${tuesday} 13:30 Asia/Tokyo (+09:00)`);
  expect(textOf(booked)).toContain(`Tue ${tuesday} 13:00 Asia/Tokyo (+09:00)`);
  return {
    human,
    steps: [
      { tool: 'find_slots', args: findArgs, text: textOf(found) },
      { tool: 'book_slot', args: bookArgs, text: textOf(booked) },
    ],
  };
}
