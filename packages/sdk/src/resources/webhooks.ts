import type { RequestOptions } from '../options.js';
import { listPromise, type ListPromise } from '../paging/list-promise.js';
import { pathParam, successBody, type ApiClient } from '../http/api-client.js';
import type { CreateWebhookParams, ListParams, Webhook, WebhookDelivery, WebhookWithSecret } from '../types.js';

/**
 * `client.webhooks`: where booking events are delivered, and how those deliveries went.
 * Verify deliveries with {@link verifyWebhook}.
 *
 * @example
 * const hook = await client.webhooks.create({ url: 'https://example.com/hooks/humantime', events: ['booking.confirmed'] });
 * saveSecret(hook.signing_secret); // shown only this once
 */
export class WebhooksResource {
  readonly #api: ApiClient;

  /** @internal Built by the Humantime client. */
  constructor(api: ApiClient) {
    this.#api = api;
  }

  /**
   * POST /v1/webhooks. The answer carries `signing_secret`, shown only here. Not retried
   * after a 5xx or timeout (a retry would answer WebhookUrlTakenError and lose the secret).
   * @example
   * const { id, signing_secret } = await client.webhooks.create({ url, events: ['booking.confirmed', 'booking.cancelled'] });
   */
  create(params: CreateWebhookParams, options?: RequestOptions): Promise<WebhookWithSecret> {
    return this.#api.webhooks.create({ body: params, requestOptions: options }).then(successBody);
  }

  /**
   * GET /v1/webhooks, newest first, without secrets; await a page or `for await` all.
   * @example
   * for await (const hook of client.webhooks.list()) console.log(hook.url, hook.events);
   */
  list(params: ListParams = {}, options?: RequestOptions): ListPromise<Webhook> {
    return listPromise(
      (cursor) => this.#api.webhooks.list({ query: { ...params, cursor }, requestOptions: options }).then(successBody),
      params.cursor,
    );
  }

  /**
   * DELETE /v1/webhooks/{webhook_id}; pending deliveries stop. Resolves to nothing (204).
   * @example
   * await client.webhooks.delete(webhookId);
   */
  async delete(webhookId: string, options?: RequestOptions): Promise<void> {
    const webhook_id = pathParam(webhookId, 'webhookId');
    await this.#api.webhooks.delete({ params: { webhook_id }, requestOptions: options });
  }

  /**
   * GET /v1/webhooks/{webhook_id}/deliveries, newest first; await a page or `for await` all.
   * @example
   * for await (const delivery of client.webhooks.deliveries(webhookId)) {
   *   if (delivery.status === 'failed') console.warn(delivery.booking_id, delivery.attempts);
   * }
   */
  deliveries(webhookId: string, params: ListParams = {}, options?: RequestOptions): ListPromise<WebhookDelivery> {
    return listPromise(
      (cursor) =>
        this.#api.webhooks
          .deliveries({ params: { webhook_id: pathParam(webhookId, 'webhookId') }, query: { ...params, cursor }, requestOptions: options })
          .then(successBody),
      params.cursor,
    );
  }

  /**
   * POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry: one more attempt, made
   * at once, of a delivered or failed delivery (same body, fresh signature). Resolves to the
   * delivery, pending again; rejects with DeliveryPendingError while its automatic attempts
   * are under way. Not retried after a 5xx or timeout (a retry would queue another attempt).
   * @example
   * const delivery = await client.webhooks.retryDelivery(webhookId, deliveryId);
   * console.log(delivery.status); // 'pending' until the attempt is recorded
   */
  async retryDelivery(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery> {
    const webhook_id = pathParam(webhookId, 'webhookId');
    const delivery_id = pathParam(deliveryId, 'deliveryId');
    return this.#api.webhooks.retryDelivery({ params: { webhook_id, delivery_id }, requestOptions: options }).then(successBody);
  }
}
