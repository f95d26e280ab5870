import { z } from 'zod';
import { BookingSchema } from './booking.js';
import { UtcTimestamp } from './common.js';

/** Events a webhook can subscribe to (SPEC part 6). */
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
