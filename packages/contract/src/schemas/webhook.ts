import { z } from 'zod';
import { hasNoDuplicates, Uuid, UtcTimestamp } from './common.js';
import { WebhookEventTypeSchema } from './event.js';

/**
 * The URL parser drops tabs and line breaks anywhere and control characters at the ends
 * ("https://hooks.exa\tmple.com" would become https://hooks.example.com/), so a URL holding
 * one would be stored as something the client did not send. Refused instead. U+0000 is
 * left to the string rule every request string passes, so it is reported once.
 */
function hasNoControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if ((unit > 0 && unit < 0x20) || (unit >= 0x7f && unit <= 0x9f)) return false;
  }
  return true;
}

/**
 * Body of POST /v1/webhooks. Only the URL's syntax is checked here; https and the
 * no-internal-hosts rule depend on configuration and DNS, so the server enforces them.
 */
export const CreateWebhookBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .url('must be an absolute URL, e.g. https://example.com/hooks')
      .max(2048, 'must be at most 2048 characters')
      .refine(hasNoControlCharacters, 'must not contain control characters (tab, line break, ...)'),
    events: z
      .array(WebhookEventTypeSchema)
      .min(1, 'must contain at least one event')
      .refine(hasNoDuplicates, 'must not contain duplicate events'),
  })
  .strict();

export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

/** A registered webhook as listed; the signing secret is never shown again after creation. */
export const WebhookSchema = z.object({
  id: Uuid,
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  created_at: UtcTimestamp,
});

export type Webhook = z.infer<typeof WebhookSchema>;

/** The 201 answer to POST /v1/webhooks: the only response that carries signing_secret. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  signing_secret: z.string().describe('whsec_ + 32 random bytes, base64; shown only once'),
});

export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

export const DeliveryAttemptSchema = z.object({
  // 1..3 are the automatic schedule; each manual retry (POST .../retry) adds one more.
  attempt: z.number().int().min(1).describe('1-3: the automatic attempts; 4 and up: manual retries'),
  attempted_at: UtcTimestamp,
  status_code: z.number().int().nullable().describe('HTTP status of the answer; null when none came'),
  error: z.string().nullable().describe('Why the attempt failed (timeout, connection refused, ...)'),
  duration_ms: z.number().int(),
});

export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: Uuid,
  webhook_id: Uuid,
  event: WebhookEventTypeSchema,
  booking_id: Uuid,
  status: DeliveryStatusSchema,
  attempts: z.array(DeliveryAttemptSchema),
  next_attempt_at: UtcTimestamp.nullable().describe('Null once delivered or failed'),
  created_at: UtcTimestamp,
});

export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookPathParamsSchema = z.object({ webhook_id: Uuid });

export const DeliveryPathParamsSchema = z.object({ webhook_id: Uuid, delivery_id: Uuid });
