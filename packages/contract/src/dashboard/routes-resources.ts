import { initContract } from '@ts-rest/core';
import { AvailabilitySchema, SetAvailabilityBodySchema } from '../schemas/availability.js';
import { BookingPathParamsSchema, BookingSchema, ListBookingsQuerySchema } from '../schemas/booking.js';
import { ListQuery, listOf } from '../schemas/common.js';
import { HumanPathParamsSchema, HumanSchema } from '../schemas/human.js';
import { CreateOverrideBodySchema, OverridePathParamsSchema, OverrideSchema } from '../schemas/override.js';
import {
  CreateWebhookBodySchema,
  WebhookDeliverySchema,
  WebhookPathParamsSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '../schemas/webhook.js';
import { DashboardErrorEnvelopeSchema } from './errors.js';
import { DashboardHumansQuerySchema, HumanDetailSchema, HumanWeekQuerySchema, HumanWeekSchema } from './schemas.js';

const c = initContract();

// The same resources as /v1, seen through a session instead of an API key. Bodies and
// answers are the /v1 schemas, so the pages show exactly what the API returns.

export const humans = c.router({
  list: {
    method: 'GET',
    path: '/humans',
    query: DashboardHumansQuerySchema,
    responses: { 200: listOf(HumanSchema) },
    summary: 'List humans',
    description: 'Newest first; `search` matches name, email or role (case-insensitive substring).',
  },
  get: {
    method: 'GET',
    path: '/humans/:human_id',
    pathParams: HumanPathParamsSchema,
    responses: { 200: HumanDetailSchema },
    summary: "A human's page",
    description: 'The human with its weekly hours (availability_rules) and overrides. Errors: 404 NOT_FOUND.',
  },
  getWeek: {
    method: 'GET',
    path: '/humans/:human_id/week',
    pathParams: HumanPathParamsSchema,
    query: HumanWeekQuerySchema,
    responses: { 200: HumanWeekSchema },
    summary: "A week of a human's calendar",
    description:
      'Open slots (as GET /v1/humans/{id}/slots lists them), confirmed bookings and the busy time the slots ' +
      "avoid, for 7 dates from week_start in the human's timezone. Errors: 404 NOT_FOUND, 422 " +
      'INVALID_DURATION, 422 VALIDATION_ERROR.',
  },
  setAvailability: {
    method: 'PUT',
    path: '/humans/:human_id/availability',
    pathParams: HumanPathParamsSchema,
    body: SetAvailabilityBodySchema,
    responses: { 200: AvailabilitySchema },
    summary: "Replace a human's weekly hours and rules",
    description:
      'As PUT /v1/humans/{id}/availability: the whole schedule, rules and preferred hours included (a rule ' +
      'left out is off). Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR (the message names each field).',
  },
  createOverride: {
    method: 'POST',
    path: '/humans/:human_id/overrides',
    pathParams: HumanPathParamsSchema,
    body: CreateOverrideBodySchema,
    responses: { 201: OverrideSchema },
    summary: 'Block time off or open extra hours',
    description: 'As POST /v1/humans/{id}/overrides. Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
  deleteOverride: {
    method: 'DELETE',
    path: '/humans/:human_id/overrides/:override_id',
    pathParams: OverridePathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Remove an override',
    description: 'As DELETE /v1/humans/{id}/overrides/{override_id}. Errors: 404 NOT_FOUND.',
  },
});

export const bookings = c.router({
  list: {
    method: 'GET',
    path: '/bookings',
    query: ListBookingsQuerySchema,
    responses: { 200: listOf(BookingSchema) },
    summary: 'List bookings',
    description: 'As GET /v1/bookings: newest first, filters human_id, status, starts_after, starts_before.',
  },
  get: {
    method: 'GET',
    path: '/bookings/:booking_id',
    pathParams: BookingPathParamsSchema,
    responses: { 200: BookingSchema },
    summary: 'A booking, with its metadata',
    description: 'Errors: 404 NOT_FOUND.',
  },
  cancel: {
    method: 'POST',
    path: '/bookings/:booking_id/cancel',
    pathParams: BookingPathParamsSchema,
    body: c.noBody(),
    responses: { 200: BookingSchema },
    summary: 'Cancel a booking',
    description:
      'As DELETE /v1/bookings/{id}: frees the slot and emits booking.cancelled; an already ' +
      'cancelled booking is returned unchanged. Errors: 404 NOT_FOUND.',
  },
});

export const webhooks = c.router({
  list: {
    method: 'GET',
    path: '/webhooks',
    query: ListQuery,
    responses: { 200: listOf(WebhookSchema) },
    summary: 'List webhooks',
    description: 'Newest first, without secrets.',
  },
  create: {
    method: 'POST',
    path: '/webhooks',
    body: CreateWebhookBodySchema,
    responses: { 201: WebhookWithSecretSchema, 402: DashboardErrorEnvelopeSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Add a webhook',
    description:
      'As POST /v1/webhooks: signing_secret is shown only in this response. Errors: 402 ' +
      'LIMIT_REACHED (plan maximum), 409 WEBHOOK_URL_TAKEN, 422 VALIDATION_ERROR.',
  },
  delete: {
    method: 'DELETE',
    path: '/webhooks/:webhook_id',
    pathParams: WebhookPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete a webhook',
    description: 'Its pending deliveries stop. Errors: 404 NOT_FOUND.',
  },
  deliveries: {
    method: 'GET',
    path: '/webhooks/:webhook_id/deliveries',
    pathParams: WebhookPathParamsSchema,
    query: ListQuery,
    responses: { 200: listOf(WebhookDeliverySchema) },
    summary: "A webhook's delivery log",
    description: 'Newest first, each delivery with every attempt (time, HTTP status or error, duration).',
  },
});
