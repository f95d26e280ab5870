// The values the examples of /openapi.json are made of: one small, consistent world (Ada in
// Berlin, booked by an agent for a caller in New York on Monday 2030-01-07), so an example
// reads like a real answer. A field is looked up as `<entity>.<field>` first, then `<field>`;
// what is not here is made from its schema (sample-schema.ts). Every example is checked
// against the contract's own zod schemas (openapi.test.ts) and by `redocly lint`.

/** Ids of the example world, one per kind of thing (UUID v4). */
export const EXAMPLE_IDS = {
  human: '3f9c2b1e-5d7a-4c8e-9b2f-1a6d4e8c7b05',
  otherHuman: '5b7e1c3a-9d2f-4e6b-8a1c-7f3d2e9b6a41',
  booking: '8a1d6f3c-2e4b-4f9a-b7c1-5e2d9a6f4c18',
  calendar: 'c2e8a4f1-6b3d-4a7e-9c5b-2d8f1e6a3b97',
  override: 'e7b3d9a2-1c6f-4e8b-a5d2-9f4c7b1e3a60',
  hold: '1d5a9e3c-7f2b-4c6e-8d1a-4b9e2f7c5a33',
  webhook: '9e4c1a7d-3b8f-4d2e-b6a9-5c1f8e3d7b24',
  delivery: '4a8f2d6b-9c1e-4b7a-a3d5-8e6c2f9b1d72',
  event: '6c2f8b4e-1a9d-4f3c-9e7b-3a5d1c8f2e16',
} as const;

export type Entity = keyof typeof EXAMPLE_IDS | 'calendarFeed' | 'usage' | 'slot' | 'suggestion' | 'attempt';

const AT = {
  created: '2030-01-06T12:00:00Z',
  expires: '2030-01-06T12:05:00Z',
  starts: '2030-01-07T14:00:00Z',
  ends: '2030-01-07T15:00:00Z',
} as const;

/** Field values, by `<entity>.<field>` or `<field>`. A value of null is shown as null. */
export const EXAMPLE_VALUES: Record<string, unknown> = {
  // People and schedules.
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'Head of research',
  timezone: 'Europe/Berlin',
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30, 60],
  buffer_before: 10,
  buffer_after: null,
  minimum_notice: 120,
  booking_horizon_days: null,
  slot_interval: null,
  max_bookings_per_day: null,
  preferred_hours: [{ weekdays: [2, 4], start: '10:00', end: '12:00' }],
  weekdays: null,
  start: '10:00',
  end: '12:00',
  'override.kind': 'block',
  start_date: '2030-01-08',
  end_date: '2030-01-08',
  start_time: '13:00',
  end_time: '14:00',
  reason: 'Dentist',
  // Time.
  created_at: AT.created,
  updated_at: AT.created,
  starts_at: AT.starts,
  ends_at: AT.ends,
  expires_at: AT.expires,
  duration: 60,
  duration_minutes: 60,
  ttl_seconds: 300,
  date_from: '2030-01-07',
  date_to: '2030-01-11',
  from: '2030-01-07T00:00:00Z',
  to: '2030-01-14T00:00:00Z',
  from_time: '12:00',
  to_time: '17:00',
  when: 'next Monday afternoon',
  now: '2030-01-07T08:30:00Z',
  utc_offset: '+01:00',
  local: 'Mon 2030-01-07 09:30 Europe/Berlin (+01:00)',
  next_offset_change: { at: '2030-03-31T01:00:00Z', from: '+01:00', to: '+02:00' },
  open_now: true,
  next_open_at: '2030-01-08T08:00:00Z',
  attendee_timezone: 'America/New_York',
  // Slots, checks and suggestions.
  bookable: true,
  'slot.code': null,
  'slot.message': null,
  alternatives: [],
  score: 0.92,
  reasons: [{ code: 'attendee_hours', message: '09:00 Mon for the attendee in America/New_York (inside 09:00-17:00)' }],
  source: 'calendar',
  mode: 'all',
  // Bookings.
  attendee_name: 'Agent Smith',
  attendee_email: 'smith@example.com',
  'booking.status': 'confirmed',
  metadata: { ticket: 'SUP-4521' },
  cancelled_at: null,
  rescheduled_from: null,
  rescheduled_to: null,
  group_id: null,
  // Calendars.
  'calendar.kind': 'ics',
  'calendar.url': 'https://calendar.google.com/calendar/ical/ada%40example.com/private/basic.ics',
  'calendar.name': 'Ada (work)',
  'calendar.status': 'ok',
  write_bookings: false,
  last_synced_at: AT.created,
  last_error: null,
  busy_count: 12,
  'calendarFeed.url': 'https://api.humantime.example/feeds/feed_3q2-7wDd0cY3b1nFJ3m8Jk2y6Y3P0V5Qe6uJ9rT1xYz.ics',
  // Webhooks and their deliveries.
  'webhook.url': 'https://agent.example.com/hooks/humantime',
  events: ['booking.confirmed', 'booking.cancelled'],
  event: 'booking.confirmed',
  signing_secret: 'whsec_hT3c0dWQ9m2Yb7xKp1Lr8Zs5Nq4Vj6Fa0Ue3Gi9Oy2w=',
  'delivery.status': 'delivered',
  attempt: 1,
  attempted_at: '2030-01-06T12:00:01Z',
  status_code: 200,
  error: null,
  duration_ms: 84,
  next_attempt_at: null,
  // Usage.
  plan: 'starter',
  period_start: '2030-01-01T00:00:00Z',
  period_end: '2030-02-01T00:00:00Z',
  quota: 1000,
  used: 42,
  overage_packs: 0,
  auto_purchase: false,
  // Lists.
  limit: 50,
  next_cursor: null,
};

/** The entity an operation's answer is about, for `id` and `<entity>.<field>`; else its tag's. */
export const OPERATION_ENTITIES: Record<string, Entity> = {
  'humans.slots': 'slot',
  'humans.check': 'slot',
  'humans.busy': 'calendar',
  'slots.forHumans': 'slot',
  'suggestions.list': 'suggestion',
  'webhooks.deliveries': 'delivery',
  'webhooks.retryDelivery': 'delivery',
  'events.list': 'event',
  'calendarFeed.create': 'calendarFeed',
  'usage.get': 'usage',
};

/** A nested object about something else: `<entity>.<field>` or `<field>` → its entity. */
export const NESTED_ENTITIES: Record<string, Entity> = {
  'event.data': 'booking',
  group_bookings: 'booking',
  attempts: 'attempt',
};

/** An operation's tag (the SDK resource) → the entity of its answers. */
export const TAG_ENTITIES: Record<string, Entity> = {
  humans: 'human',
  calendars: 'calendar',
  overrides: 'override',
  slots: 'slot',
  suggestions: 'suggestion',
  bookings: 'booking',
  holds: 'hold',
  webhooks: 'webhook',
  usage: 'usage',
  events: 'event',
  calendarFeed: 'calendarFeed',
};
