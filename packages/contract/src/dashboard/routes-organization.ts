import { initContract } from '@ts-rest/core';
import { ListQuery, listOf } from '../schemas/common.js';
import { UpdateOrganizationBodySchema } from '../schemas/organization.js';
import { OveragePackSchema, OverviewSchema, RegeneratedKeySchema } from './schemas.js';

const c = initContract();

/** The Overview page, plan, auto-purchase, key and billing of the signed-in organization. */
export const organization = c.router({
  getOverview: {
    method: 'GET',
    path: '/overview',
    responses: { 200: OverviewSchema },
    summary: 'Overview',
    description:
      "The organization (name, plan, auto_purchase), this month's usage exactly as GET " +
      "/v1/usage answers it, and the key's prefix, last four characters and creation time.",
  },
  regenerateKey: {
    method: 'POST',
    path: '/api-key/regenerate',
    body: c.noBody(),
    responses: { 200: RegeneratedKeySchema },
    summary: 'Regenerate the API key',
    description:
      'Replaces the API key; the old one answers 401 from this moment. The new key is shown ' +
      'only in this response. Errors: 403 FORBIDDEN (owners only).',
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/organization',
    body: UpdateOrganizationBodySchema,
    responses: { 200: OverviewSchema },
    summary: 'Change plan or auto-purchase',
    description:
      'Sets the plan and/or auto_purchase; applies to the next request. auto_purchase can ' +
      'only be on for Starter and Growth (on Free a booking past the quota is refused, never ' +
      'charged): switching it on for Free is 422 VALIDATION_ERROR, and moving to Free turns ' +
      'it off. Returns the refreshed overview. Errors: 403 FORBIDDEN (owners only).',
  },
  listOveragePacks: {
    method: 'GET',
    path: '/billing/overage-packs',
    query: ListQuery,
    responses: { 200: listOf(OveragePackSchema) },
    summary: 'Overage packs bought',
    description: 'Every overage pack charged to the organization, newest first. Errors: 403 FORBIDDEN (owners only).',
  },
});
