import { calendarText } from '../../services/bookings/booking-calendar.js';
import { EXAMPLE_IDS } from './example-values.js';

// Request bodies of /openapi.json, written by hand: a body's fields depend on each other in
// ways a schema cannot say (human_id or human_ids with mode; dates and times of an override),
// so each example is one a caller would really send. openapi.test.ts parses each with the
// route's own zod schema, so none can drift from the contract.

export interface NamedExample {
  summary: string;
  description?: string;
  value: unknown;
}

const ADA_HOURS = {
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30, 60],
};

/** operationId → its request body examples, by name; the first is the one shown first. */
export const REQUEST_EXAMPLES: Record<string, Record<string, NamedExample>> = {
  'humans.create': {
    weekdays: {
      summary: 'Weekdays 09:00-17:00 in Berlin',
      value: {
        name: 'Ada Lovelace',
        timezone: 'Europe/Berlin',
        email: 'ada@example.com',
        role: 'Head of research',
        availability: ADA_HOURS,
      },
    },
    minimal: {
      summary: 'Name and time zone only (Monday-Friday, 09:00-17:00, 30 minutes)',
      value: { name: 'Grace Hopper', timezone: 'America/New_York' },
    },
  },
  'humans.update': {
    role: { summary: 'A new role, no email', value: { role: 'Chief scientist', email: null } },
  },
  'humans.setAvailability': {
    rules: {
      summary: 'Hours with buffers, notice and a daily maximum',
      value: {
        ...ADA_HOURS,
        buffer_before: 10,
        buffer_after: 5,
        minimum_notice: 120,
        max_bookings_per_day: 4,
        preferred_hours: [{ weekdays: [2, 4], start: '10:00', end: '12:00' }],
      },
    },
  },
  'calendars.create': {
    feed: {
      summary: 'The secret iCalendar link of a Google calendar',
      value: { url: 'https://calendar.google.com/calendar/ical/ada%40example.com/private-0f3c9a/basic.ics', name: 'Ada (work)' },
    },
    caldav: {
      summary: 'A CalDAV calendar that takes the bookings',
      value: {
        url: 'https://caldav.example.com/calendars/ada/work/',
        username: 'ada',
        password: 'app-password',
        write_bookings: true,
      },
    },
  },
  'overrides.create': {
    block: {
      summary: 'A dentist appointment: block 13:00-14:00 on one day',
      value: { kind: 'block', start_date: '2030-01-08', start_time: '13:00', end_time: '14:00', reason: 'Dentist' },
    },
    open: {
      summary: 'Extra hours: open Saturday mornings in January',
      value: { kind: 'open', start_date: '2030-01-01', end_date: '2030-01-31', start_time: '09:00', end_time: '12:00', weekdays: [6] },
    },
  },
  'bookings.create': {
    one: {
      summary: 'One human',
      value: {
        human_id: EXAMPLE_IDS.human,
        starts_at: '2030-01-07T14:00:00Z',
        duration: 60,
        attendee_name: 'Agent Smith',
        attendee_email: 'smith@example.com',
        metadata: { ticket: 'SUP-4521' },
      },
    },
    everyone: {
      summary: 'Several humans at once (mode=all)',
      value: {
        human_ids: [EXAMPLE_IDS.human, EXAMPLE_IDS.otherHuman],
        mode: 'all',
        starts_at: '2030-01-07T14:00:00Z',
        duration: 60,
        attendee_name: 'Agent Smith',
      },
    },
  },
  'bookings.reschedule': {
    later: { summary: 'One hour later, same duration', value: { starts_at: '2030-01-07T15:00:00Z' } },
  },
  'holds.create': {
    five: {
      summary: 'Keep a start for five minutes',
      value: { human_id: EXAMPLE_IDS.human, starts_at: '2030-01-07T14:00:00Z', duration: 60, ttl_seconds: 300 },
    },
  },
  'holds.confirm': {
    confirm: { summary: 'Book the held time', value: { attendee_name: 'Agent Smith', attendee_email: 'smith@example.com' } },
  },
  'webhooks.create': {
    both: {
      summary: 'Both booking events',
      value: { url: 'https://agent.example.com/hooks/humantime', events: ['booking.confirmed', 'booking.cancelled'] },
    },
  },
};

/** Answers whose made-up example would mislead (a cancel answers a cancelled booking). */
export const RESPONSE_PATCHES: Record<string, Record<string, unknown>> = {
  'bookings.cancel': { status: 'cancelled', cancelled_at: '2030-01-06T15:12:09Z' },
  'bookings.reschedule': {
    id: '2b6e9d1f-8c4a-4e7b-9f3d-6a1c5e8b2d47',
    starts_at: '2030-01-07T15:00:00Z',
    ends_at: '2030-01-07T16:00:00Z',
    rescheduled_from: EXAMPLE_IDS.booking,
  },
  'webhooks.retryDelivery': { status: 'pending', next_attempt_at: '2030-01-06T12:10:00Z' },
};

/**
 * An iCalendar file, for GET /v1/bookings/{booking_id}/ics: written by the endpoint's own code
 * for the example booking (Ada with an email, the attendee with one), so it is what the API sends.
 */
export const ICS_EXAMPLE = calendarText({
  id: EXAMPLE_IDS.booking,
  organizationId: '00000000-0000-4000-8000-000000000000',
  humanId: EXAMPLE_IDS.human,
  startsAt: new Date('2030-01-07T14:00:00Z'),
  endsAt: new Date('2030-01-07T15:00:00Z'),
  durationMinutes: 60,
  attendeeName: 'Agent Smith',
  attendeeEmail: 'smith@example.com',
  status: 'confirmed',
  metadata: {},
  createdAt: new Date('2030-01-06T12:00:00Z'),
  cancelledAt: null,
  rescheduledFrom: null,
  rescheduledTo: null,
  icalUid: `${EXAMPLE_IDS.booking}@humantime`,
  icalSequence: 0,
  groupId: null,
  humanName: 'Ada Lovelace',
  humanEmail: 'ada@example.com',
});
