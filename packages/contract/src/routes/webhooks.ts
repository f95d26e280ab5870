import { initContract } from '@ts-rest/core';
import { ErrorEnvelopeSchema } from '../errors.js';
import { ListQuery, listOf } from '../schemas/common.js';
import {
  CreateWebhookBodySchema,
  DeliveryPathParamsSchema,
  WebhookDeliverySchema,
  WebhookPathParamsSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../schemas/webhook.js';

const c = initContract();

export const webhooks = c.router({
  create: {
    method: 'POST',
    path: '/webhooks',
    body: CreateWebhookBodySchema,
    responses: { 201: WebhookWithSecretSchema, 402: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
    summary: 'Register a webhook',
    description:
      'Registers an https URL on a public host for booking.confirmed and/or ' +
      'booking.cancelled. The response carries signing_secret (whsec_...), shown only ' +
      'this once; deliveries are signed with it in X-Service-Signature. Errors: 409 ' +
      'WEBHOOK_URL_TAKEN (URL already registered), 402 LIMIT_REACHED (plan maximum: Free 2, ' +
      'Starter 10), 422 VALIDATION_ERROR.',
  },
  list: {
    method: 'GET',
    path: '/webhooks',
    query: ListQuery,
    responses: { 200: listOf(WebhookSchema) },
    summary: 'List webhooks',
    description: "Lists the organization's webhooks, newest first, without their secrets.",
  },
  delete: {
    method: 'DELETE',
    path: '/webhooks/:webhook_id',
    pathParams: WebhookPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a webhook',
    description: 'Deletes the webhook; its pending deliveries stop. Errors: 404 NOT_FOUND.',
  },
  deliveries: {
    method: 'GET',
    path: '/webhooks/:webhook_id/deliveries',
    pathParams: WebhookPathParamsSchema,
    query: ListQuery,
    responses: { 200: listOf(WebhookDeliverySchema) },
    summary: "List a webhook's deliveries",
    description:
      'Lists deliveries to the webhook, newest first, each with its attempts (at most 3: ' +
      'immediately, then 5 and 60 minutes after a failure). The log keeps RETENTION_DAYS (30 by ' +
      'default): a finished delivery whose attempts are all older is deleted, with its event; a ' +
      'delivery still pending is kept. Errors: 404 NOT_FOUND.',
  },
  retryDelivery: {
    method: 'POST',
    path: '/webhooks/:webhook_id/deliveries/:delivery_id/retry',
    pathParams: DeliveryPathParamsSchema,
    body: c.noBody(),
    responses: { 202: WebhookDeliverySchema, 409: ErrorEnvelopeSchema },
    summary: 'Retry a delivery now',
    description:
      'Queues one more attempt, made at once, of a delivered or failed delivery: the same ' +
      'body, signed afresh. Answers 202 with the delivery, pending again; the attempt joins ' +
      'its log as the next number (2 after a delivery on the first attempt, 4 after three failures) and ' +
      'ends the delivery delivered or failed: a failed manual attempt is not retried on its own. ' +
      'Errors: 404 NOT_FOUND, 409 DELIVERY_PENDING (its attempts are still under way).',
  },
});
