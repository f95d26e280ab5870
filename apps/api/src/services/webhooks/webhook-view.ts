import type { Webhook, WebhookEventType, WebhookWithSecret } from '@humantime/contract';
import type { Webhook as WebhookRow } from '../../generated/prisma/client.js';
import { toTimestamp } from '../../lib/timestamps.js';

/** A webhook as listed: never its signing secret. */
export function webhookView(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    // The contract validated these on the way in; the column is plain text[].
    events: row.events as WebhookEventType[],
    created_at: toTimestamp(row.createdAt),
  };
}

/** The 201 answer to registration, the one place the secret is shown. */
export function webhookWithSecretView(row: WebhookRow): WebhookWithSecret {
  return { ...webhookView(row), signing_secret: row.signingSecret };
}
