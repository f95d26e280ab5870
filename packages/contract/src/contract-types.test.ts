import type { ClientInferRequest, ServerInferRequest, ServerInferResponses } from '@ts-rest/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { CreateBookingBody, CreatedBooking, ErrorEnvelope, Human, SlotsQuery } from './index.js';
import { type contract } from './index.js';

// Compile-time checks (tsc runs over this file): what the server and the SDK will infer.
describe('inferred types', () => {
  it('lets a handler answer only declared statuses, errors as the envelope', () => {
    type Responses = ServerInferResponses<typeof contract.bookings.create>;
    expectTypeOf<Responses['status']>().toEqualTypeOf<201 | 401 | 402 | 404 | 409 | 413 | 422 | 429 | 500 | 503>();
    expectTypeOf<Extract<Responses, { status: 201 }>['body']>().toEqualTypeOf<CreatedBooking>();
    expectTypeOf<Extract<Responses, { status: 409 }>['body']>().toEqualTypeOf<ErrorEnvelope>();
  });

  it('gives handlers parsed bodies, queries and params', () => {
    type Request = ServerInferRequest<typeof contract.bookings.create>;
    expectTypeOf<Request['body']>().toEqualTypeOf<CreateBookingBody>();
    expectTypeOf<Request['headers']['idempotency-key']>().toEqualTypeOf<string | undefined>();
    type Slots = ServerInferRequest<typeof contract.humans.slots>;
    expectTypeOf<Slots['query']>().toEqualTypeOf<SlotsQuery>();
    expectTypeOf<Slots['params']['human_id']>().toEqualTypeOf<string>();
  });

  it('lets the SDK omit defaulted query fields', () => {
    type ListArgs = ClientInferRequest<typeof contract.humans.list>;
    expectTypeOf<{ limit?: number; cursor?: string }>().toMatchTypeOf<NonNullable<ListArgs['query']>>();
    type Get = ServerInferResponses<typeof contract.humans.get>;
    expectTypeOf<Extract<Get, { status: 200 }>['body']>().toEqualTypeOf<Human>();
  });
});
