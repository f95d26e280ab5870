import { z } from 'zod';
import { BookingSchema } from './booking.js';
import { A_NUMBER, Uuid, UtcTimestamp, queryNumber } from './common.js';

/** Events a webhook can subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['booking.confirmed', 'booking.cancelled'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/**
 * Body of a webhook delivery, fixed when the event happens: `data` is the booking as it was
 * then. The SDK's verifyWebhook returns this type.
 */
export const WebhookEventSchema = z.object({
  event: WebhookEventTypeSchema,
  created_at: UtcTimestamp,
  data: BookingSchema,
});

export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** Largest page of GET /v1/events. */
export const MAX_EVENTS_PAGE = 100;

/** Query of GET /v1/events: resume after the last event you processed. */
export const EventsQuerySchema = z.object({
  after: Uuid.optional().describe('Id of the last event already processed; absent = from the oldest kept event'),
  limit: queryNumber(
    z
      .number(A_NUMBER)
      .int('must be an integer from 1 to 100')
      .min(1, 'must be from 1 to 100')
      .max(MAX_EVENTS_PAGE, 'must be from 1 to 100'),
  ).default(50),
});

export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/** One entry of the events feed: the webhook delivery body, plus the event's id. */
export const EventSchema = WebhookEventSchema.extend({
  id: Uuid.describe('Pass as `after` to resume the feed behind this event'),
});

export type Event = z.infer<typeof EventSchema>;

/**
 * A page of the feed, oldest first. next_cursor is the id of the last event when more are
 * already waiting, null when you are caught up (then poll again later with after = the last
 * id you processed). `gap` is present, and true, only when events after `after` have left the
 * window unread (or `after` itself has): the page then starts at the oldest kept event.
 */
export const EventsPageSchema = z.object({
  data: z.array(EventSchema),
  next_cursor: Uuid.nullable(),
  gap: z
    .boolean()
    .optional()
    .describe(
      'Present (true) only when events after `after` were deleted before you read them (kept RETENTION_DAYS, 30 by default): data starts at the oldest kept event',
    ),
});

export type EventsPage = z.infer<typeof EventsPageSchema>;
