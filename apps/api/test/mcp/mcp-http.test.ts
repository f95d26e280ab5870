import { loadConfig } from '../../src/config.js';
import { TOOL_NAMES } from '@humantime/mcp';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY, at } from '../booking-fixtures.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { eventually } from '../webhook-fixtures.js';
import { tokyoScenario } from './agent-scenario.js';
import { call, callOk, httpMcpClient, textOf } from './mcp-client.js';
import { setMonthUsed } from '../usage-fixtures.js';

// The MCP SDK's own client against /mcp of a live API on the embedded store.

let app: TestApp;
let org: { id: string; key: string };
let client: Client;

beforeAll(async () => {
  app = await startTestApp();
  org = await app.createOrg('free');
  client = await httpMcpClient(app.url, org.key);
});
afterAll(async () => {
  await client?.close();
  await app.close();
});

const UTC_HUMAN = {
  name: 'Grace Hopper',
  timezone: 'UTC',
  availability: { working_days: [1, 2, 3, 4, 5, 6, 7], work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60] },
};

/** Expects a tool error whose text starts with the code and says what to do next. */
async function expectRefusal(name: string, args: Record<string, unknown>, code: string, c = client) {
  const result = await call(c, name, args);
  expect(result.isError, `${name} should be refused with ${code}: ${textOf(result)}`).toBe(true);
  expect(textOf(result).startsWith(`${code}: `), textOf(result)).toBe(true);
  expect(textOf(result)).toContain('\nNext: ');
  expect(result.structuredContent.error.code).toBe(code);
  return textOf(result);
}

describe('/mcp over Streamable HTTP', () => {
  it('lists exactly the tools, each with a valid JSON Schema input and an LLM-facing description', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText()}`).toBe(true);
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
    }
    // Derived from the contract: create_human carries the contract's fields and requirements.
    const create = tools.find((t) => t.name === 'create_human')!;
    expect(Object.keys(create.inputSchema.properties!).sort()).toEqual(['availability', 'email', 'name', 'role', 'timezone']);
    expect(create.inputSchema.required!.sort()).toEqual(['name', 'timezone']);
    // Written out: no `$ref` for a front end that does not follow one, and every input closed.
    expect(JSON.stringify(tools)).not.toContain('$ref');
    const hours = tools.find((t) => t.name === 'set_availability')!.inputSchema.properties as Record<string, { pattern?: string }>;
    expect(hours.work_end!.pattern).toBe(hours.work_start!.pattern);
    for (const tool of tools) expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
  });

  it('refuses arguments a tool does not take, and windows that cannot hold a slot, in its own terms', async () => {
    const human = await callOk(client, 'create_human', UTC_HUMAN);
    const first = { human_id: human.id, duration: 30, attendee_name: 'Ada' };
    // find_slots' names given to book_first_available: named, with the ones it takes.
    const unknown = await expectRefusal('book_first_available', { ...first, date_from: MONDAY, date_to: MONDAY }, 'VALIDATION_ERROR');
    expect(unknown).toContain('book_first_available does not take date_from, date_to; its arguments are human_id, earliest_date');
    expect(
      await expectRefusal(
        'find_slots',
        { human_id: human.id, duration: 30, date_from: MONDAY, date_to: MONDAY, timezone: 'Asia/Tokyo' },
        'VALIDATION_ERROR',
      ),
    ).toContain('find_slots does not take timezone;');
    expect(await expectRefusal('get_usage', { organization_id: org.id }, 'VALIDATION_ERROR')).toContain(
      'get_usage does not take organization_id',
    );
    expect(await expectRefusal('book_first_available', { ...first, earliest_date: MONDAY }, 'VALIDATION_ERROR')).toContain(
      'give both earliest_date and latest_date, or when',
    );
    // The API's date checks, in the tool's own names for the dates.
    const reversed = await expectRefusal(
      'book_first_available',
      { ...first, earliest_date: '2030-01-08', latest_date: MONDAY },
      'VALIDATION_ERROR',
    );
    expect(reversed).toContain('latest_date: must not be before earliest_date');
    expect(reversed).not.toMatch(/date_(from|to)/);
    const both = await expectRefusal(
      'book_first_available',
      { ...first, earliest_date: '2030-01-08', latest_date: MONDAY, earliest_time: '14:00', latest_time: '10:00' },
      'VALIDATION_ERROR',
    );
    expect(both).toContain('latest_date: must not be before earliest_date; earliest_time (14:00) must be before latest_time (10:00)');
    expect(
      await expectRefusal('book_first_available', { ...first, earliest_date: MONDAY, latest_date: '2030-03-20' }, 'VALIDATION_ERROR'),
    ).toContain('latest_date: must be at most 61 days after earliest_date (at most 62 dates)');
    expect(
      await expectRefusal(
        'find_slots',
        { human_id: human.id, date_from: MONDAY, date_to: MONDAY, duration: 30, earliest_time: '14:00', latest_time: '10:00' },
        'VALIDATION_ERROR',
      ),
    ).toContain('earliest_time (14:00) must be before latest_time (10:00)');
    const none = await expectRefusal('no_such_tool', {}, 'NOT_FOUND');
    expect(none).toContain('There is no tool named no_such_tool.');
    expect(none).toContain('do not retry this name');
  });

  it('calls every tool', async () => {
    const human = await callOk(client, 'create_human', UTC_HUMAN);
    expect(human.created_at_local).toMatch(/ UTC \(\+00:00\)$/);
    expect((await callOk(client, 'get_human', { human_id: human.id })).name).toBe('Grace Hopper');
    expect((await callOk(client, 'list_humans', { limit: 10 })).data.map((h: { id: string }) => h.id)).toContain(human.id);
    const hours = await callOk(client, 'set_availability', {
      human_id: human.id,
      working_days: [1, 2, 3, 4, 5, 6, 7],
      work_start: '08:00',
      work_end: '18:00',
      meeting_durations: [30, 60],
    });
    expect(hours.availability_rules.work_start).toBe('08:00');
    const block = await callOk(client, 'add_override', {
      human_id: human.id,
      kind: 'block',
      start_date: MONDAY,
      start_time: '12:00',
      end_time: '13:00',
      reason: 'Lunch',
    });
    expect(block.kind).toBe('block');
    // get_human lists the overrides, with the ids remove_override takes.
    const withOverrides = await call(client, 'get_human', { human_id: human.id });
    expect((withOverrides.structuredContent as { overrides: { id: string; created_at_local: string }[] }).overrides).toEqual([
      expect.objectContaining({ id: block.id, created_at_local: expect.stringMatching(/ UTC \(\+00:00\)$/) }),
    ]);
    expect(textOf(withOverrides)).toContain(`(id ${block.id})`);

    const found = await callOk(client, 'find_slots', {
      human_id: human.id,
      date_from: MONDAY,
      date_to: MONDAY,
      duration: 60,
      earliest_time: '11:00',
      latest_time: '15:00',
    });
    // 11:00-12:00 and 13:00-15:00 around the lunch block, one-hour grid from 08:00.
    expect(found.days[0].slots.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      at(MONDAY, '11:00'),
      at(MONDAY, '13:00'),
      at(MONDAY, '14:00'),
    ]);

    const verdict = await callOk(client, 'check_time', { human_id: human.id, starts_at: at(MONDAY, '12:00'), duration: 60 });
    expect(verdict).toMatchObject({ bookable: false, code: 'SCHEDULE_BLOCKED' });
    expect(verdict.alternatives[0].starts_at_local).toMatch(/^Mon 2030-01-07 \d\d:00 UTC \(\+00:00\)$/);
    expect((await callOk(client, 'remove_override', { human_id: human.id, override_id: block.id })).removed).toBe(true);
    expect((await callOk(client, 'check_time', { human_id: human.id, starts_at: at(MONDAY, '12:00'), duration: 60 })).bookable).toBe(true);

    const booking = await callOk(client, 'book_slot', {
      human_id: human.id,
      starts_at: at(MONDAY, '12:00'),
      duration: 60,
      attendee_name: 'Ada',
      metadata: { ticket: 'T-1' },
    });
    expect(booking.metadata).toEqual({ ticket: 'T-1' });
    const first = await callOk(client, 'book_first_available', {
      human_id: human.id,
      earliest_date: MONDAY,
      latest_date: MONDAY,
      earliest_time: '12:00',
      duration: 60,
      attendee_name: 'Bob',
    });
    expect(first.starts_at).toBe(at(MONDAY, '13:00'));
    expect((await callOk(client, 'get_booking', { booking_id: booking.id })).id).toBe(booking.id);
    expect((await callOk(client, 'list_bookings', { human_id: human.id })).data).toHaveLength(2);
    const moved = await callOk(client, 'reschedule_booking', { booking_id: first.id, starts_at: at(MONDAY, '15:00') });
    expect(moved).toMatchObject({
      rescheduled_from: first.id,
      starts_at: at(MONDAY, '15:00'),
      starts_at_local: 'Mon 2030-01-07 15:00 UTC (+00:00)',
    });
    expect(textOf(await call(client, 'reschedule_booking', { booking_id: first.id, starts_at: at(MONDAY, '16:00') }))).toMatch(
      /^BOOKING_CANCELLED: /,
    );
    const cancelled = await callOk(client, 'cancel_booking', { booking_id: booking.id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelled_at_local).toMatch(/UTC \(\+00:00\)$/);
    expect((await callOk(client, 'get_usage')).used).toBe(2);

    const events = await eventually(
      'five events in the feed',
      async () => {
        const e = await callOk(client, 'list_events', { limit: 100 });
        return e.data.length === 5 && e;
      },
      40_000,
    );
    // Booked, booked, moved (cancelled + confirmed in one transaction), cancelled.
    expect(events.data.map((e: { event: string }) => e.event)).toEqual([
      'booking.confirmed',
      'booking.confirmed',
      'booking.cancelled',
      'booking.confirmed',
      'booking.cancelled',
    ]);
    expect(events.data[0].data.starts_at_local).toBe('Mon 2030-01-07 12:00 UTC (+00:00)');
    expect((await callOk(client, 'list_events', { after: events.data[4].id })).data).toEqual([]);
  });

  it('holds a slot, confirms and releases holds, and works across several humans', async () => {
    const a = await callOk(client, 'create_human', UTC_HUMAN);
    const b = await callOk(client, 'create_human', UTC_HUMAN);
    const held = await callOk(client, 'hold_slot', { human_id: a.id, starts_at: at(MONDAY, '09:00'), duration: 30, ttl_seconds: 120 });
    expect(held.starts_at_local).toBe('Mon 2030-01-07 09:00 UTC (+00:00)');
    expect(
      await expectRefusal('hold_slot', { human_id: a.id, starts_at: at(MONDAY, '09:00'), duration: 30 }, 'SLOT_UNAVAILABLE'),
    ).toContain('find_slots');
    const booked = await callOk(client, 'confirm_hold', { hold_id: held.id, attendee_name: 'Ada' });
    expect(booked).toMatchObject({ human_id: a.id, starts_at: at(MONDAY, '09:00'), status: 'confirmed' });
    // Each tool's next step leads to the tools that help (holds: hold_slot again, not list_bookings).
    expect(await expectRefusal('confirm_hold', { hold_id: held.id, attendee_name: 'Ada' }, 'NOT_FOUND')).toContain('hold_slot');
    const other = await callOk(client, 'hold_slot', { human_id: a.id, starts_at: at(MONDAY, '10:00'), duration: 30 });
    expect((await callOk(client, 'release_hold', { hold_id: other.id })).released).toBe(true);
    await expectRefusal('release_hold', { hold_id: other.id }, 'NOT_FOUND');

    const common = await callOk(client, 'find_slots_for_humans', {
      human_ids: [a.id, b.id],
      mode: 'all',
      date_from: MONDAY,
      date_to: MONDAY,
      duration: 30,
    });
    expect(common.slots[0]).toMatchObject({
      starts_at: at(MONDAY, '09:30'),
      starts_at_local: 'Mon 2030-01-07 09:30 UTC (+00:00)',
      ends_at_local: 'Mon 2030-01-07 10:00 UTC (+00:00)',
    });
    const anyOf = await callOk(client, 'find_slots_for_humans', {
      human_ids: [a.id, b.id],
      mode: 'any',
      date_from: MONDAY,
      date_to: MONDAY,
      duration: 30,
    });
    expect(anyOf.slots[0]).toMatchObject({ starts_at: at(MONDAY, '09:00'), human_ids: [b.id] });
    // Several humans in several zones: each start in each (free) human's own wall time, never
    // the first human's alone.
    const york = await callOk(client, 'create_human', { ...UTC_HUMAN, name: 'Ada York', timezone: 'America/New_York' });
    const both = await call(client, 'find_slots_for_humans', {
      human_ids: [a.id, york.id],
      mode: 'any',
      date_from: MONDAY,
      date_to: MONDAY,
      duration: 30,
    });
    const late = (both.structuredContent as { slots: Array<{ starts_at: string; local_times: unknown }> }).slots.find(
      (s) => s.starts_at === at(MONDAY, '20:00'),
    );
    expect(late!.local_times).toEqual([
      { human_id: york.id, name: 'Ada York', starts_at_local: 'Mon 2030-01-07 15:00 America/New_York (-05:00)' },
    ]);
    expect(textOf(both)).toContain(`${at(MONDAY, '20:00')} free: Ada York (${york.id}): Mon 2030-01-07 15:00 America/New_York (-05:00)`);
    const together = await call(client, 'suggest_times', {
      human_ids: [a.id, york.id],
      mode: 'all',
      date_from: MONDAY,
      date_to: MONDAY,
      duration: 30,
      limit: 1,
    });
    expect(textOf(together)).toMatch(
      /Grace Hopper \([0-9a-f-]+\): Mon 2030-01-07 1\d:\d\d UTC \(\+00:00\); Ada York \([0-9a-f-]+\): Mon 2030-01-07 \d\d:\d\d America\/New_York/,
    );
    const meeting = await callOk(client, 'book_several_humans', {
      human_ids: [a.id, b.id],
      mode: 'all',
      starts_at: at(MONDAY, '09:30'),
      duration: 30,
      attendee_name: 'Ada',
    });
    expect(meeting.bookings.map((x: { human_id: string }) => x.human_id)).toEqual([a.id, b.id]);
    expect(meeting.group_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await expectRefusal(
        'book_several_humans',
        { human_ids: [a.id, b.id], mode: 'all', starts_at: at(MONDAY, '09:30'), duration: 30, attendee_name: 'Ada' },
        'SLOT_UNAVAILABLE',
      ),
    ).toContain('Call find_slots_for_humans again');
    const one = await callOk(client, 'book_several_humans', {
      human_ids: [a.id, b.id],
      mode: 'any',
      starts_at: at(MONDAY, '09:00'),
      duration: 30,
      attendee_name: 'Ada',
    });
    expect(one.bookings.map((x: { human_id: string }) => x.human_id)).toEqual([b.id]);
  });

  it('returns each refusal as a tool error starting with its stable code', async () => {
    const human = await callOk(client, 'create_human', UTC_HUMAN);
    const book = (time: string, extra: Record<string, unknown> = {}) => ({
      human_id: human.id,
      starts_at: at(MONDAY, time),
      duration: 30,
      attendee_name: 'Ada',
      ...extra,
    });
    await callOk(client, 'book_slot', book('09:00'));
    expect(await expectRefusal('book_slot', book('09:00'), 'SLOT_UNAVAILABLE')).toContain('find_slots');
    expect(await expectRefusal('book_slot', book('09:00', { duration: 45 }), 'INVALID_DURATION')).toContain('30, 60');
    await expectRefusal('book_slot', book('03:00'), 'OUTSIDE_WORKING_HOURS');
    await callOk(client, 'add_override', { human_id: human.id, kind: 'block', start_date: MONDAY, start_time: '15:00', end_time: '16:00' });
    await expectRefusal('book_slot', book('15:00'), 'SCHEDULE_BLOCKED');
    await expectRefusal('book_slot', { ...book('09:30'), starts_at: '2020-01-06T09:30:00Z' }, 'VALIDATION_ERROR');
    // Checked by the tool's input schema (the contract's) before any request: same convention.
    expect(await expectRefusal('create_human', { name: 'X', timezone: 'Mars/Olympus' }, 'VALIDATION_ERROR')).toContain('timezone');
    expect(await expectRefusal('get_booking', {}, 'VALIDATION_ERROR')).toContain('booking_id');
    await expectRefusal('find_slots', { human_id: human.id, date_from: MONDAY, date_to: MONDAY, duration: 45 }, 'INVALID_DURATION');
    await expectRefusal('get_human', { human_id: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND');
    await expectRefusal(
      'book_first_available',
      { human_id: human.id, earliest_date: MONDAY, latest_date: MONDAY, earliest_time: '17:00', duration: 30, attendee_name: 'Ada' },
      'NO_SLOT_AVAILABLE',
    );
    const events = await call(client, 'list_events', { after: human.id });
    expect(textOf(events)).toMatch(/^VALIDATION_ERROR: after/);
    // The Free plan's 100 bookings this month are used up.
    const month = new Date().toISOString().slice(0, 7);
    await setMonthUsed(app.database.store.sql, org.id, 100, `${month}-01`);
    expect(await expectRefusal('book_slot', book('10:00'), 'LIMIT_REACHED')).toContain('get_usage');
    await setMonthUsed(app.database.store.sql, org.id, 0, `${month}-01`);
  });

  it("time_context: the human's clock as one line, their today and tomorrow, and whether they are at work", async () => {
    const human = await callOk(client, 'create_human', { ...UTC_HUMAN, timezone: 'Europe/Berlin' });
    app.clock.now = new Date('2026-11-24T14:04:37Z');
    try {
      const result = await call(client, 'time_context', { human_id: human.id });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain('Local time: Tue 2026-11-24 15:04 Europe/Berlin (+01:00) (UTC 2026-11-24T14:04:37Z).');
      expect(textOf(result)).toContain('tomorrow is Wed 2026-11-25');
      expect(result.structuredContent).toEqual({
        human_id: human.id,
        now: '2026-11-24T14:04:37Z',
        timezone: 'Europe/Berlin',
        utc_offset: '+01:00',
        local: 'Tue 2026-11-24 15:04 Europe/Berlin (+01:00)',
        next_offset_change: {
          at: '2027-03-28T01:00:00Z',
          at_local: 'Sun 2027-03-28 03:00 Europe/Berlin (+02:00)',
          from: '+01:00',
          to: '+02:00',
        },
        open_now: true,
        next_open_at: '2026-11-25T08:00:00Z',
        next_open_at_local: 'Wed 2026-11-25 09:00 Europe/Berlin (+01:00)',
      });
    } finally {
      app.clock.now = undefined;
    }
    const other = await app.createOrg('free');
    const intruder = await httpMcpClient(app.url, other.key);
    try {
      expect(await expectRefusal('time_context', { human_id: human.id }, 'NOT_FOUND', intruder)).toContain('list_humans');
    } finally {
      await intruder.close();
    }
  });

  it('suggest_times ranks bookable starts with reasons, and find_slots reads a plain-English when', async () => {
    const human = await callOk(client, 'create_human', { ...UTC_HUMAN, timezone: 'Europe/Berlin' });
    app.clock.now = new Date('2030-01-04T12:00:00Z'); // a Friday
    try {
      const suggested = await call(client, 'suggest_times', {
        human_ids: [human.id],
        duration: 30,
        when: 'next Tuesday afternoon',
        attendee_timezone: 'Europe/London',
        limit: 2,
      });
      expect(suggested.isError, textOf(suggested)).toBeFalsy();
      expect(textOf(suggested)).toContain('Read "next Tuesday afternoon" as 2030-01-08..2030-01-08, 12:00-17:00 Europe/London.');
      const { data, interpreted_as } = suggested.structuredContent as { data: Array<Record<string, unknown>>; interpreted_as: unknown };
      expect(interpreted_as).toEqual({
        date_from: '2030-01-08',
        date_to: '2030-01-08',
        from_time: '12:00',
        to_time: '17:00',
        timezone: 'Europe/London',
      });
      expect(data).toHaveLength(2);
      // Read in the attendee's zone: 12:00-17:00 in London is 13:00-18:00 in Berlin, where the human works until 17:00.
      expect(data[0]!.starts_at_local).toMatch(/^Tue 2030-01-08 1[3-6]:\d\d Europe\/Berlin/);
      expect(data[0]!.starts_at_attendee).toMatch(/^Tue 2030-01-08 1[2-5]:\d\d Europe\/London/);
      expect(data[0]!.ends_at_local).toMatch(/^Tue 2030-01-08 1[3-7]:\d\d Europe\/Berlin/);
      const booked = await callOk(client, 'book_slot', {
        human_id: human.id,
        starts_at: data[0]!.starts_at,
        duration: 30,
        attendee_name: 'Ada',
      });
      expect(booked.status).toBe('confirmed');

      const found = await call(client, 'find_slots', { human_id: human.id, when: 'tomorrow', duration: 30 });
      expect(found.isError, textOf(found)).toBeFalsy();
      expect(textOf(found)).toContain('Read "tomorrow" as 2030-01-05..2030-01-05 00:00-24:00 Europe/Berlin.');
      const first = await call(client, 'book_first_available', {
        human_id: human.id,
        when: 'next Wednesday morning',
        earliest_time: '10:00',
        duration: 30,
        attendee_name: 'Cy',
      });
      expect(first.isError, textOf(first)).toBeFalsy();
      expect(textOf(first)).toContain('Read "next Wednesday morning" as 2030-01-09..2030-01-09, ');
      expect(textOf(first)).toContain('Booked the first open start in it: ');
      expect((first.structuredContent as { interpreted_as: unknown }).interpreted_as).toMatchObject({
        date_from: '2030-01-09',
        timezone: 'Europe/Berlin',
      });
      expect((first.structuredContent as { starts_at_local: string }).starts_at_local).toMatch(/^Wed 2030-01-09 10:00 Europe\/Berlin/);
      expect(
        await expectRefusal(
          'book_first_available',
          {
            human_id: human.id,
            when: 'tomorrow',
            earliest_date: '2030-01-07',
            latest_date: '2030-01-07',
            duration: 30,
            attendee_name: 'Cy',
          },
          'VALIDATION_ERROR',
        ),
      ).toContain('when');
      expect(
        await expectRefusal('suggest_times', { human_ids: [human.id], duration: 30, when: 'whenever suits' }, 'VALIDATION_ERROR'),
      ).toContain('when');
    } finally {
      app.clock.now = undefined;
    }
  });

  it("answers NOT_FOUND for another organization's ids", async () => {
    const human = await callOk(client, 'create_human', UTC_HUMAN);
    const booking = await callOk(client, 'book_slot', {
      human_id: human.id,
      starts_at: at(MONDAY, '11:00'),
      duration: 30,
      attendee_name: 'Ada',
    });
    const other = await app.createOrg('free');
    const intruder = await httpMcpClient(app.url, other.key);
    try {
      await expectRefusal('get_human', { human_id: human.id }, 'NOT_FOUND', intruder);
      await expectRefusal('find_slots', { human_id: human.id, date_from: MONDAY, date_to: MONDAY, duration: 30 }, 'NOT_FOUND', intruder);
      await expectRefusal('check_time', { human_id: human.id, starts_at: at(MONDAY, '12:00'), duration: 30 }, 'NOT_FOUND', intruder);
      await expectRefusal(
        'book_slot',
        { human_id: human.id, starts_at: at(MONDAY, '12:00'), duration: 30, attendee_name: 'Eve' },
        'NOT_FOUND',
        intruder,
      );
      await expectRefusal('get_booking', { booking_id: booking.id }, 'NOT_FOUND', intruder);
      await expectRefusal('cancel_booking', { booking_id: booking.id }, 'NOT_FOUND', intruder);
      expect((await callOk(intruder, 'list_bookings')).data).toEqual([]);
    } finally {
      await intruder.close();
    }
    expect((await callOk(client, 'get_booking', { booking_id: booking.id })).status).toBe('confirmed');
  });

  it('answers 401 with the envelope without a valid key, and 405 to GET (stateless)', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    for (const key of [null, 'sk_live_not-a-real-key-0000000000000000', org.key.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))]) {
      const res = await app.call('POST', '/mcp', { key, body: initialize, headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringContaining('missing or invalid'), status: 401 } });
    }
    const ok = await app.call('POST', '/mcp', { key: org.key, body: initialize, headers });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('mcp-session-id')).toBeNull();
    expect((await app.call('GET', '/mcp', { key: org.key, headers })).status).toBe(405);
    // A page of another origin (DNS rebinding) is refused; the service's own origin is not.
    const foreign = await app.call('POST', '/mcp', {
      key: org.key,
      body: initialize,
      headers: { ...headers, origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toContain('Invalid Origin header: http://evil.example');
    const own = await app.call('POST', '/mcp', {
      key: org.key,
      body: initialize,
      headers: { ...headers, origin: new URL(app.url).origin },
    });
    expect(own.status).toBe(200);
    // A client that never connected cannot call a tool either.
    expect((await app.call('POST', '/mcp', { body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers })).status).toBe(401);
  });

  it('runs the agent scenario: Tokyo, next Tuesday afternoon, book the first slot', async () => {
    await tokyoScenario(client);
  });
});

describe('/mcp from a browser-based MCP client (MCP_ALLOWED_ORIGINS)', () => {
  it('answers its preflight, lets it read a 401 challenge and connect, and still refuses other origins', async () => {
    const inspector = 'http://localhost:6274';
    const browser = await startTestApp({ mcp: { concurrency: 4, allowedOrigins: [inspector] } });
    try {
      const { key } = await browser.createOrg('growth');
      const preflight = await fetch(`${browser.url}/mcp`, {
        method: 'OPTIONS',
        headers: {
          origin: inspector,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(inspector);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('mcp-protocol-version');

      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      };
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: inspector };
      // The 401 that starts OAuth is readable: its challenge is exposed.
      const challenge = await fetch(`${browser.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(initialize) });
      expect(challenge.status).toBe(401);
      expect(challenge.headers.get('access-control-allow-origin')).toBe(inspector);
      expect(challenge.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
      expect(challenge.headers.get('www-authenticate')).toContain('resource_metadata=');
      const ok = await fetch(`${browser.url}/mcp`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${key}` },
        body: JSON.stringify(initialize),
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(inspector);

      // Another origin: no CORS headers, and the transport refuses it.
      const other = await fetch(`${browser.url}/mcp`, {
        method: 'POST',
        headers: { ...headers, origin: 'http://evil.example', authorization: `Bearer ${key}` },
        body: JSON.stringify(initialize),
      });
      expect(other.status).toBe(403);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await browser.close();
    }
  });

  it('refuses a setting that is not a list of origins', () => {
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'localhost:6274' })).toThrow(/MCP_ALLOWED_ORIGINS/);
    expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: 'http://localhost:6274/path' })).toThrow(/MCP_ALLOWED_ORIGINS/);
    expect(loadConfig({ MCP_ALLOWED_ORIGINS: 'http://localhost:6274, https://agent.example.com' }).mcp.allowedOrigins).toEqual([
      'http://localhost:6274',
      'https://agent.example.com',
    ]);
  });
});

describe('POST /mcp under a burst', () => {
  it('serves a burst larger than its concurrency: the rest wait their turn, and every request is answered', async () => {
    const small = await startTestApp({ mcp: { concurrency: 2, allowedOrigins: [] } });
    try {
      const { key } = await small.createOrg('growth');
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${small.url}/mcp`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            body,
          }).then(async (res) => ({
            status: res.status,
            tools: ((await res.json()) as { result?: { tools: unknown[] } }).result?.tools.length,
          })),
        ),
      );
      expect(answers.every((a) => a.status === 200 && a.tools === TOOL_NAMES.length)).toBe(true);
    } finally {
      await small.close();
    }
  });
});
