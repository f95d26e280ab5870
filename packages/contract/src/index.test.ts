import { extractZodObjectShape, isZodObject } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from './errors.js';
import { contract, V1_COMMON_ERROR_STATUSES } from './index.js';
import { routesOf } from './test-support.js';

const routes = routesOf(contract);

describe('contract', () => {
  it('exposes exactly the routes the SDK is named after', () => {
    expect(routes.map(([name, route]) => `${name} ${route.method} ${route.path}`)).toEqual([
      'humans.create POST /v1/humans',
      'humans.list GET /v1/humans',
      'humans.get GET /v1/humans/:human_id',
      'humans.update PATCH /v1/humans/:human_id',
      'humans.delete DELETE /v1/humans/:human_id',
      'humans.getAvailability GET /v1/humans/:human_id/availability',
      'humans.setAvailability PUT /v1/humans/:human_id/availability',
      'humans.slots GET /v1/humans/:human_id/slots',
      'humans.check GET /v1/humans/:human_id/check',
      'humans.time GET /v1/humans/:human_id/time',
      'humans.busy GET /v1/humans/:human_id/busy',
      'calendars.create POST /v1/humans/:human_id/calendars',
      'calendars.list GET /v1/humans/:human_id/calendars',
      'calendars.get GET /v1/humans/:human_id/calendars/:calendar_id',
      'calendars.delete DELETE /v1/humans/:human_id/calendars/:calendar_id',
      'calendars.sync POST /v1/humans/:human_id/calendars/:calendar_id/sync',
      'overrides.create POST /v1/humans/:human_id/overrides',
      'overrides.list GET /v1/humans/:human_id/overrides',
      'overrides.delete DELETE /v1/humans/:human_id/overrides/:override_id',
      'slots.forHumans GET /v1/slots',
      'suggestions.list GET /v1/suggestions',
      'bookings.create POST /v1/bookings',
      'bookings.get GET /v1/bookings/:booking_id',
      'bookings.list GET /v1/bookings',
      'bookings.cancel DELETE /v1/bookings/:booking_id',
      'bookings.reschedule POST /v1/bookings/:booking_id/reschedule',
      'bookings.calendar GET /v1/bookings/:booking_id/ics',
      'holds.create POST /v1/holds',
      'holds.get GET /v1/holds/:hold_id',
      'holds.confirm POST /v1/holds/:hold_id/confirm',
      'holds.release DELETE /v1/holds/:hold_id',
      'webhooks.create POST /v1/webhooks',
      'webhooks.list GET /v1/webhooks',
      'webhooks.delete DELETE /v1/webhooks/:webhook_id',
      'webhooks.deliveries GET /v1/webhooks/:webhook_id/deliveries',
      'webhooks.retryDelivery POST /v1/webhooks/:webhook_id/deliveries/:delivery_id/retry',
      'usage.get GET /v1/usage',
      'events.list GET /v1/events',
      'calendarFeed.create POST /v1/humans/:human_id/calendar-feed',
      'calendarFeed.revoke DELETE /v1/humans/:human_id/calendar-feed',
    ]);
  });

  it('gives every route strict status codes, a summary and a description', () => {
    for (const [name, route] of routes) {
      expect(route.strictStatusCodes, name).toBe(true);
      expect(route.summary, name).toBeTruthy();
      expect(route.description, name).toBeTruthy();
    }
  });

  it('declares the common error statuses on every route, as the envelope', () => {
    for (const [name, route] of routes) {
      for (const status of V1_COMMON_ERROR_STATUSES) {
        expect(route.responses[status], `${name} ${status}`).toBe(ErrorEnvelopeSchema);
      }
    }
  });

  it('declares exactly one success status per route, as the resources decide', () => {
    const success = Object.fromEntries(
      routes.map(([name, route]) => [
        name,
        Object.keys(route.responses)
          .map(Number)
          .filter((s) => s < 400),
      ]),
    );
    expect(success).toMatchObject({
      'humans.create': [201],
      'humans.delete': [204],
      'overrides.create': [201],
      'overrides.delete': [204],
      'bookings.create': [201],
      'bookings.cancel': [200],
      'bookings.reschedule': [201],
      'bookings.calendar': [200],
      'holds.create': [201],
      'holds.confirm': [201],
      'holds.release': [204],
      'webhooks.create': [201],
      'webhooks.delete': [204],
      'usage.get': [200],
      'calendarFeed.create': [201],
      'calendarFeed.revoke': [204],
    });
    for (const [name, statuses] of Object.entries(success)) expect(statuses, name).toHaveLength(1);
  });

  it('adds 402 and 409 to booking and webhook creation', () => {
    for (const route of [contract.bookings.create, contract.webhooks.create]) {
      expect(route.responses[402]).toBe(ErrorEnvelopeSchema);
      expect(route.responses[409]).toBe(ErrorEnvelopeSchema);
    }
  });

  it('validates every path parameter as a UUID under the name used in the path', () => {
    for (const [name, route] of routes) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      // The schema sits behind the string rule's wrapper; ts-rest's helper sees through it.
      const shape = isZodObject(route.pathParams) ? extractZodObjectShape(route.pathParams) : {};
      expect(Object.keys(shape), name).toEqual(inPath);
      for (const param of inPath) {
        const pathParams = route.pathParams as { safeParse(v: unknown): { success: boolean } };
        expect(pathParams.safeParse({ [param]: 'not-a-uuid' }).success, `${name} ${param}`).toBe(false);
      }
    }
  });
});
