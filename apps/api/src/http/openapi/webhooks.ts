import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_SIGNATURE_VECTOR,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookEventSchema,
} from '@humantime/contract';
import { initContract } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { toJsonSchema2020, type JsonSchema } from './json-schema-2020.js';

// OpenAPI 3.1's `webhooks`: what humantime POSTs to a registered endpoint, one entry per event
// type, so a client generated from the document has the delivery's type too. The body's schema
// is the contract's WebhookEventSchema, turned into JSON Schema by the same generator as the
// routes' (through a one-route contract).

function eventSchema(): JsonSchema {
  const c = initContract();
  const probe = c.router({ event: { method: 'GET', path: '/event', responses: { 200: WebhookEventSchema } } });
  const document = generateOpenApi(probe, { info: { title: 'probe', version: '1' } }) as unknown as {
    paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { schema: JsonSchema } } } } } }>;
  };
  return toJsonSchema2020(document.paths['/event']!.get.responses[200].content['application/json'].schema);
}

const DESCRIPTIONS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  'booking.confirmed': 'A booking was made (POST /v1/bookings, a confirmed hold, or the new booking of a reschedule).',
  'booking.cancelled': 'A booking was cancelled (DELETE /v1/bookings/{booking_id}, or the old booking of a reschedule).',
};

export function webhooksObject(): Record<string, unknown> {
  const schema = eventSchema();
  // The signing vector's delivery, with the booking fields added since it was written.
  const vector = JSON.parse(WEBHOOK_SIGNATURE_VECTOR.body) as { data: object };
  const example = { ...vector, data: { ...vector.data, rescheduled_from: null, rescheduled_to: null, group_id: null } };
  const exampleOf = (type: string) =>
    type === 'booking.cancelled'
      ? { ...example, event: type, data: { ...example.data, status: 'cancelled', cancelled_at: '2026-12-01T15:00:00Z' } }
      : { ...example, event: type };
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhooks.${type}`,
          summary: type,
          description:
            `${DESCRIPTIONS[type]} Sent to every webhook of the organization that subscribed to ${type}. ` +
            `Verify ${WEBHOOK_HEADERS.signature} on the raw body before parsing it (HMAC-SHA256 keyed with the whole signing secret; ` +
            `refuse a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s from your clock). A 2xx answer within 10 s delivers; ` +
            'anything else is retried (three attempts by default). Delivery is at least once: de-duplicate on ' +
            `${WEBHOOK_HEADERS.deliveryId}.`,
          tags: ['webhooks'],
          security: [],
          parameters: [
            {
              name: WEBHOOK_HEADERS.signature,
              in: 'header',
              required: true,
              description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">',
              schema: { type: 'string' },
              example: WEBHOOK_SIGNATURE_VECTOR.header,
            },
            {
              name: WEBHOOK_HEADERS.deliveryId,
              in: 'header',
              required: true,
              description: "The delivery's id: the same on every attempt of one delivery.",
              schema: { type: 'string', format: 'uuid' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema, examples: { example: { summary: type, value: exampleOf(type) } } },
            },
          },
          responses: { '2XX': { description: 'Received: the delivery is done.' } },
        },
      },
    ]),
  );
}
