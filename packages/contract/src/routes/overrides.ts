import { initContract } from '@ts-rest/core';
import { ListQuery, listOf } from '../schemas/common.js';
import { HumanPathParamsSchema } from '../schemas/human.js';
import { CreateOverrideBodySchema, OverridePathParamsSchema, OverrideSchema } from '../schemas/override.js';

const c = initContract();

export const overrides = c.router({
  create: {
    method: 'POST',
    path: '/humans/:human_id/overrides',
    pathParams: HumanPathParamsSchema,
    body: CreateOverrideBodySchema,
    responses: { 201: OverrideSchema },
    summary: 'Create an override',
    description:
      "Adds time to (`open`) or removes time from (`block`) a human's schedule, in the " +
      "human's timezone. Dates are inclusive (end_date defaults to start_date, at most 366 " +
      'dates); without start_time/end_time a block covers whole days; weekdays restrict it ' +
      'to those days of the range. An open override must have times. A block always wins. ' +
      'Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
  },
  list: {
    method: 'GET',
    path: '/humans/:human_id/overrides',
    pathParams: HumanPathParamsSchema,
    query: ListQuery,
    responses: { 200: listOf(OverrideSchema) },
    summary: "List a human's overrides",
    description: 'Lists the overrides of a human, newest first. Errors: 404 NOT_FOUND.',
  },
  delete: {
    method: 'DELETE',
    path: '/humans/:human_id/overrides/:override_id',
    pathParams: OverridePathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Delete an override',
    description: 'Removes an override; its time returns to the base schedule. Errors: 404 NOT_FOUND.',
  },
});
