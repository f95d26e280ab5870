import { initContract } from '@ts-rest/core';
import { ListQuery, listOf } from '../schemas/common.js';
import { UpdateOrganizationBodySchema } from '../schemas/organization.js';
import { BillingSchema, CardSetupSchema, OveragePackSchema, OverviewSchema, RegeneratedKeySchema } from './schemas.js';

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
      'it off. With Stripe configured, moving to Starter or Growth needs a card on file (422 ' +
      'VALIDATION_ERROR naming plan). Returns the refreshed overview. Errors: 403 FORBIDDEN (owners only).',
  },
  listOveragePacks: {
    method: 'GET',
    path: '/billing/overage-packs',
    query: ListQuery,
    responses: { 200: listOf(OveragePackSchema) },
    summary: 'Overage packs bought',
    description:
      'Every attempt to buy an overage pack, newest first, with its payment id and status (a failed ' +
      'one says why). Errors: 403 FORBIDDEN (owners only).',
  },
  getBilling: {
    method: 'GET',
    path: '/billing',
    responses: { 200: BillingSchema },
    summary: 'Billing',
    description:
      'Who charges the packs, the card on file, and whether auto-purchase was paused by a failed charge. ' +
      'Errors: 403 FORBIDDEN (owners only).',
  },
  startCardSetup: {
    method: 'POST',
    path: '/billing/card-setup',
    body: c.noBody(),
    responses: { 200: CardSetupSchema },
    summary: 'Add or replace the card',
    description:
      'Starts a Stripe Checkout Session in setup mode and answers its URL; the person comes back to ' +
      "the Billing page and the card arrives by Stripe's webhook. Errors: 422 VALIDATION_ERROR when " +
      'Stripe is not configured, 503 SERVICE_UNAVAILABLE when it cannot be reached, 403 FORBIDDEN (owners only).',
  },
});
