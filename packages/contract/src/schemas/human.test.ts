import { describe, expect, it } from 'vitest';
import { issuesOf } from '../test-support.js';
import { CreateHumanBodySchema, HumanSchema, UpdateHumanBodySchema } from './human.js';

const create = (body: Record<string, unknown>) =>
  issuesOf(CreateHumanBodySchema, { name: 'Ada Lovelace', timezone: 'Europe/London', ...body });

describe('CreateHumanBodySchema', () => {
  it('accepts the minimal and the full body', () => {
    expect(create({})).toEqual([]);
    expect(
      create({
        email: 'ada@example.com',
        role: 'Engineer',
        availability: { working_days: [1, 2], work_start: '10:00', work_end: '16:00', meeting_durations: [45] },
      }),
    ).toEqual([]);
  });

  it('trims the name', () => {
    expect(CreateHumanBodySchema.parse({ name: '  Ada ', timezone: 'UTC' }).name).toBe('Ada');
  });

  it('requires name and timezone', () => {
    expect(issuesOf(CreateHumanBodySchema, {})).toEqual(['name: Required', 'timezone: Required']);
  });

  it('rejects empty, blank and over-long names', () => {
    expect(create({ name: '' })).toEqual(['name: must not be empty']);
    expect(create({ name: '   ' })).toEqual(['name: must not be empty']);
    expect(create({ name: 'x'.repeat(200) })).toEqual([]);
    expect(create({ name: 'x'.repeat(201) })).toEqual(['name: must be at most 200 characters']);
  });

  it('rejects an unknown timezone', () => {
    expect(create({ timezone: 'Europe/Atlantis' })).toEqual(['timezone: must be an IANA timezone name, e.g. Europe/Berlin']);
  });

  it('rejects a bad email and an over-long role; null is the same as absent', () => {
    expect(create({ email: 'not-an-email' })).toEqual(['email: must be a valid e-mail address']);
    expect(create({ email: null, role: null })).toEqual([]);
    expect(create({ role: 'r'.repeat(100) })).toEqual([]);
    expect(create({ role: 'r'.repeat(101) })).toEqual(['role: must be at most 100 characters']);
  });

  it('validates nested availability with its path', () => {
    expect(create({ availability: { working_days: [1], work_start: '18:00', work_end: '09:00', meeting_durations: [30] } })).toEqual([
      'availability.work_end: must be later than work_start (overnight shifts are not supported)',
    ]);
    expect(create({ availability: { working_days: [1] } })).toHaveLength(3);
  });

  it('rejects unknown fields', () => {
    expect(create({ id: 'x' })).toEqual([": Unrecognized key(s) in object: 'id'"]);
  });
});

describe('UpdateHumanBodySchema', () => {
  it('accepts any one field, and null to clear email or role', () => {
    for (const body of [{ name: 'Ada' }, { email: 'a@b.co' }, { email: null }, { role: null }, { timezone: 'Asia/Tokyo' }]) {
      expect(issuesOf(UpdateHumanBodySchema, body), JSON.stringify(body)).toEqual([]);
    }
  });

  it('requires at least one field', () => {
    expect(issuesOf(UpdateHumanBodySchema, {})).toEqual([': must contain at least one of name, email, role, timezone']);
  });

  it('does not let name or timezone be cleared', () => {
    expect(issuesOf(UpdateHumanBodySchema, { name: null })).toHaveLength(1);
    expect(issuesOf(UpdateHumanBodySchema, { timezone: null })).toHaveLength(1);
  });

  it('rejects unknown fields, such as the schedule', () => {
    expect(issuesOf(UpdateHumanBodySchema, { name: 'A', working_days: [1] })[0]).toMatch(/working_days/);
  });
});

describe('HumanSchema', () => {
  it('accepts the documented response', () => {
    const human = {
      id: '6f1c2a4e-8b3d-4c5e-9f10-112233445566',
      name: 'Ada',
      email: null,
      role: null,
      timezone: 'Europe/London',
      availability_rules: {
        working_days: [1, 2, 3, 4, 5],
        work_start: '09:00',
        work_end: '17:00',
        meeting_durations: [30],
        buffer_before: null,
        buffer_after: null,
        minimum_notice: null,
        booking_horizon_days: null,
        slot_interval: null,
        max_bookings_per_day: null,
        preferred_hours: null,
      },
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    };
    expect(HumanSchema.parse(human)).toEqual(human);
  });
});
