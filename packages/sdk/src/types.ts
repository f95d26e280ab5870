import type * as C from '@humantime/contract';
import type { z } from 'zod';

// Request types are the contract's zod *input* types (what a caller may send, before
// defaults), response types its output types; the ts-rest client checks both against the
// routes, so none of them can drift from the server.

/**
 * Body of `humans.create`. `availability` is optional (default Mon-Fri 09:00-17:00, [30]).
 * @example
 * const params: CreateHumanParams = { name: 'Ada Lovelace', timezone: 'Europe/London', role: 'Advisor' };
 */
export type CreateHumanParams = z.input<typeof C.CreateHumanBodySchema>;
/**
 * Body of `humans.update`: any of name, email, role, timezone; null clears email or role.
 * @example
 * const params: UpdateHumanParams = { role: null, timezone: 'Europe/Paris' };
 */
export type UpdateHumanParams = z.input<typeof C.UpdateHumanBodySchema>;
/**
 * Body of `humans.setAvailability` (all four fields; it replaces the schedule).
 * @example
 * const hours: SetAvailabilityParams = { working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', meeting_durations: [30, 60] };
 */
export type SetAvailabilityParams = z.input<typeof C.SetAvailabilityBodySchema>;
/**
 * Query of `humans.slots`: inclusive local dates (at most 62) and a duration in minutes.
 * @example
 * const query: SlotsParams = { date_from: '2026-12-01', date_to: '2026-12-05', duration: 30 };
 */
export type SlotsParams = z.input<typeof C.SlotsQuerySchema>;
/**
 * Paging of every list: `limit` 1..100 (default 50) and the previous page's `next_cursor`.
 * @example
 * const paging: ListParams = { limit: 100 };
 */
export type ListParams = z.input<typeof C.ListQuery>;
/**
 * Body of `overrides.create`: a block (vacation, weekly meeting) or an open window.
 * @example
 * const vacation: CreateOverrideParams = { kind: 'block', start_date: '2026-08-03', end_date: '2026-08-14', reason: 'Vacation' };
 */
export type CreateOverrideParams = z.input<typeof C.CreateOverrideBodySchema>;
/**
 * Body of `bookings.create`; `starts_at` as listed by `humans.slots`.
 * @example
 * const params: CreateBookingParams = { human_id, starts_at: slot.starts_at, duration: 30, attendee_name: 'Agent Smith', metadata: { ticket: 'T-1' } };
 */
export type CreateBookingParams = z.input<typeof C.CreateBookingBodySchema>;
/**
 * Query of `bookings.list`: paging plus optional filters.
 * @example
 * const query: ListBookingsParams = { human_id, status: 'confirmed', starts_after: '2026-12-01T00:00:00Z' };
 */
export type ListBookingsParams = z.input<typeof C.ListBookingsQuerySchema>;

/**
 * Body of `bookings.reschedule`: the new start and, optionally, a new duration.
 * @example
 * const params: RescheduleBookingParams = { starts_at: '2026-12-02T15:00:00Z' };
 */
export type RescheduleBookingParams = z.input<typeof C.RescheduleBookingBodySchema>;
/**
 * Body of `webhooks.create`.
 * @example
 * const params: CreateWebhookParams = { url: 'https://example.com/hooks/humantime', events: ['booking.confirmed', 'booking.cancelled'] };
 */
export type CreateWebhookParams = z.input<typeof C.CreateWebhookBodySchema>;
/**
 * Query of `humans.check`: the start and duration a booking would send.
 * @example
 * const query: CheckParams = { starts_at: '2026-12-01T14:00:00Z', duration: 30 };
 */
export type CheckParams = z.input<typeof C.CheckQuerySchema>;
/**
 * Query of `events.list`: `after` = the id of the last event processed, `limit` per page.
 * @example
 * const query: ListEventsParams = { after: lastSeenEventId, limit: 100 };
 */
export type ListEventsParams = z.input<typeof C.EventsQuerySchema>;

/**
 * A human whose time can be booked.
 * @example
 * const human: Human = await client.humans.get(humanId);
 */
export type Human = C.Human;
/**
 * A human's base weekly schedule.
 * @example
 * const hours: Availability = await client.humans.getAvailability(humanId);
 */
export type Availability = C.Availability;
/**
 * A block or open override of a human's schedule.
 * @example
 * const override: Override = await client.overrides.create(humanId, { kind: 'block', start_date: '2026-12-24' });
 */
export type Override = C.Override;
/**
 * One bookable slot: `starts_at` can be booked as-is.
 * @example
 * const [first]: Slot[] = (await client.humans.slots(humanId, query)).slots;
 */
export type Slot = C.Slot;
/**
 * Answer of `humans.slots`.
 * @example
 * const { slots, timezone }: SlotsResponse = await client.humans.slots(humanId, query);
 */
export type SlotsResponse = C.SlotsResponse;
/**
 * A booking, confirmed or cancelled.
 * @example
 * const booking: Booking = await client.bookings.get(bookingId);
 */
export type Booking = C.Booking;
/**
 * "confirmed" or "cancelled".
 * @example
 * const status: BookingStatus = 'cancelled';
 */
export type BookingStatus = C.BookingStatus;
/**
 * A registered webhook (as listed, without its secret).
 * @example
 * const { data }: { data: Webhook[] } = await client.webhooks.list();
 */
export type Webhook = C.Webhook;
/**
 * The answer to `webhooks.create`, the only one with `signing_secret`.
 * @example
 * const { signing_secret }: WebhookWithSecret = await client.webhooks.create(params);
 */
export type WebhookWithSecret = C.WebhookWithSecret;
/**
 * One delivery of an event to a webhook, with its attempts.
 * @example
 * const { data }: { data: WebhookDelivery[] } = await client.webhooks.deliveries(webhookId);
 */
export type WebhookDelivery = C.WebhookDelivery;
/**
 * One attempt of a delivery.
 * @example
 * const failed = (d: WebhookDelivery): DeliveryAttempt[] => d.attempts.filter((a) => a.error !== null);
 */
export type DeliveryAttempt = C.DeliveryAttempt;
/**
 * This month's quota and usage.
 * @example
 * const { used, quota }: Usage = await client.usage.get();
 */
export type Usage = C.Usage;
/**
 * Answer of `calendarFeed.create`: the secret subscription URL (shown only this once) and since when it is active.
 * @example
 * const { url, created_at }: CalendarFeed = await client.calendarFeed.create(humanId);
 */
export type CalendarFeed = C.CalendarFeed;
/**
 * "free", "starter" or "growth".
 * @example
 * const plan: Plan = (await client.usage.get()).plan;
 */
export type Plan = C.Plan;
/**
 * A verified webhook delivery body: `{ event, created_at, data: Booking }`.
 * @example
 * const event: WebhookEvent = await verifyWebhook(rawBody, header, secret);
 */
export type WebhookEvent = C.WebhookEvent;
/**
 * "booking.confirmed" or "booking.cancelled".
 * @example
 * const events: WebhookEventType[] = ['booking.confirmed'];
 */
export type WebhookEventType = C.WebhookEventType;
/**
 * An error code of the API.
 * @example
 * const code: ErrorCode = 'SLOT_UNAVAILABLE';
 */
export type ErrorCode = C.ErrorCode;
/**
 * One page of a list: `{ data, next_cursor }`, next_cursor null on the last page.
 * @example
 * const page: Page<Human> = await client.humans.list({ limit: 10 });
 */
export type Page<T> = C.Page<T>;
/**
 * Answer of `humans.check`: would this start book now, and if not why and what instead.
 * @example
 * const { bookable, code, alternatives }: CheckResult = await client.humans.check(humanId, query);
 */
export type CheckResult = C.CheckResult;
/**
 * Answer of `humans.time`: the human's clock now (offset, wall time, next DST change) and
 * whether they are at work.
 * @example
 * const { local, open_now, next_open_at }: TimeContext = await client.humans.time(humanId);
 */
export type TimeContext = C.TimeContext;
/**
 * One entry of the events feed: a webhook delivery body plus its `id`.
 * @example
 * for await (const event of client.events.list()) console.log(event.id, event.event, event.data.id);
 */
export type Event = C.Event;
/**
 * A page of the events feed: `gap` is true only when events after `after` were deleted unread.
 * @example
 * const page: EventsPage = await client.events.list({ after: checkpoint });
 * if (page.gap) console.warn('some events were missed');
 */
export type EventsPage = C.EventsPage;
/**
 * Body of `holds.create`: a start to keep for `ttl_seconds` (30..900, default 300).
 * @example
 * const params: CreateHoldParams = { human_id, starts_at: slot.starts_at, duration: 30, ttl_seconds: 600 };
 */
export type CreateHoldParams = z.input<typeof C.CreateHoldBodySchema>;
/**
 * Body of `holds.confirm`: the attendee of the booking the hold becomes.
 * @example
 * const params: ConfirmHoldParams = { attendee_name: 'Agent Smith', attendee_email: 'smith@example.com' };
 */
export type ConfirmHoldParams = z.input<typeof C.ConfirmHoldBodySchema>;
/**
 * A live hold: its time is kept until `expires_at`.
 * @example
 * const hold: Hold = await client.holds.get(holdId);
 */
export type Hold = C.Hold;
/**
 * Query of `slots.forHumans`: up to 20 distinct humans, `all` or `any`, dates local to the first human.
 * @example
 * const query: GroupSlotsParams = { human_ids: [a, b], mode: 'all', date_from: '2026-12-01', date_to: '2026-12-05', duration: 30 };
 */
export type GroupSlotsParams = Omit<z.input<typeof C.GroupSlotsQuerySchema>, 'human_ids'> & { human_ids: string[] };
/**
 * Answer of `slots.forHumans`: each slot names the humans free then.
 * @example
 * const { slots }: GroupSlotsResponse = await client.slots.forHumans(query);
 */
export type GroupSlotsResponse = C.GroupSlotsResponse;
/**
 * One slot of several humans: `human_ids` are the ones free at `starts_at`.
 * @example
 * const [first]: GroupSlot[] = (await client.slots.forHumans(query)).slots;
 */
export type GroupSlot = C.GroupSlot;
/**
 * Answer of `bookings.create`: the booking; for several humans in mode "all", also every booking in `group_bookings`.
 * @example
 * const created: CreatedBooking = await client.bookings.create({ human_ids: [a, b], mode: 'all', starts_at, duration: 30, attendee_name: 'Agent Smith' });
 * const ids = (created.group_bookings ?? [created]).map((b) => b.id);
 */
export type CreatedBooking = C.CreatedBooking;
/**
 * 'all' (every listed human at once) or 'any' (one free human of them).
 * @example
 * const mode: GroupMode = 'any';
 */
export type GroupMode = C.GroupMode;
/**
 * Query of `suggestions.list`: the humans (1-20), a duration, and a window: date_from with date_to, or `when`.
 * @example
 * const query: SuggestionsParams = { human_ids: [ada], duration: 30, when: 'tomorrow afternoon', attendee_timezone: 'America/New_York' };
 */
export type SuggestionsParams = Omit<z.input<typeof C.SuggestionsQuerySchema>, 'human_ids'> & { human_ids: string[] };
/**
 * Answer of `suggestions.list`: best first, each with its score and reasons; `interpreted_as` when `when` was given.
 * @example
 * const { data }: SuggestionsResponse = await client.suggestions.list(query);
 */
export type SuggestionsResponse = C.SuggestionsResponse;
/**
 * One ranked start: book it with `starts_at` unchanged.
 * @example
 * const [best]: Suggestion[] = (await client.suggestions.list(query)).data;
 */
export type Suggestion = C.Suggestion;
/**
 * How a plain-English `when` was read: local dates, times of day and the zone.
 * @example
 * const { interpreted_as }: { interpreted_as?: InterpretedAs } = await client.humans.slots(ada, { when: 'tomorrow', duration: 30 });
 */
export type InterpretedAs = C.InterpretedAs;
/**
 * Body of `calendars.create`: the address (an iCalendar feed or a CalDAV calendar), and optionally a name and credentials.
 * @example
 * const params: CreateCalendarParams = { url: 'https://caldav.example.com/ada/work/', username: 'ada', password: process.env.CALDAV_PASSWORD! };
 */
export type CreateCalendarParams = z.input<typeof C.CreateCalendarBodySchema>;
/**
 * A connected calendar: its kind, status, last read and how many busy intervals it holds.
 * @example
 * const { status, last_error }: Calendar = await client.calendars.get(humanId, calendarId);
 */
export type Calendar = C.Calendar;
/**
 * Query of `humans.busy`: two instants at most 62 days apart.
 * @example
 * const query: BusyParams = { from: '2026-12-01T00:00:00Z', to: '2026-12-08T00:00:00Z' };
 */
export type BusyParams = z.input<typeof C.BusyQuerySchema>;
/**
 * Answer of `humans.busy`: what takes a human's time, ascending.
 * @example
 * const { data }: BusyResponse = await client.humans.busy(humanId, query);
 */
export type BusyResponse = C.BusyResponse;
