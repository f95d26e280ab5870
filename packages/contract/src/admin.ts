import { initContract } from '@ts-rest/core';
import { adminCommonResponses } from './common-responses.js';
import { DashboardErrorEnvelopeSchema } from './dashboard/errors.js';
import { CardSchema, CreateInviteBodySchema, InviteSchema } from './dashboard/schemas.js';
import { z } from 'zod';
import { withWellFormedStrings } from './well-formed-strings.js';
import {
  CreateOrganizationBodySchema,
  OrganizationPathParamsSchema,
  OrganizationSchema,
  OrganizationWithKeySchema,
  RotatedKeySchema,
  UpdateOrganizationBodySchema,
} from './schemas/organization.js';

const c = initContract();

/**
 * The admin API under /admin/v1, authorized by the ADMIN_TOKEN rather than an API key.
 * Kept apart from `contract` so the public SDK and OpenAPI document never include it; the
 * server and the `pnpm admin` command use it.
 */
const adminRoutes = c.router(
  {
    createOrganization: {
      method: 'POST',
      path: '/organizations',
      body: CreateOrganizationBodySchema,
      responses: { 201: OrganizationWithKeySchema },
      summary: 'Create an organization',
      description: 'Creates an organization with its API key, shown only in this response.',
    },
    getOrganization: {
      method: 'GET',
      path: '/organizations/:organization_id',
      pathParams: OrganizationPathParamsSchema,
      responses: { 200: OrganizationSchema },
      summary: 'Retrieve an organization',
      description: 'Returns the organization without its key. Errors: 404 NOT_FOUND.',
    },
    updateOrganization: {
      method: 'PATCH',
      path: '/organizations/:organization_id',
      pathParams: OrganizationPathParamsSchema,
      body: UpdateOrganizationBodySchema,
      responses: { 200: OrganizationSchema },
      summary: 'Change plan or auto-purchase',
      description: 'Sets the plan and/or auto_purchase. Errors: 404 NOT_FOUND, 422 VALIDATION_ERROR.',
    },
    rotateKey: {
      method: 'POST',
      path: '/organizations/:organization_id/rotate-key',
      pathParams: OrganizationPathParamsSchema,
      // No body: the fetch client then sends none, and the Express adapter skips body
      // validation, so an empty POST and one with `{}` both work.
      body: c.noBody(),
      responses: { 200: RotatedKeySchema },
      summary: 'Rotate the API key',
      description: 'Replaces the API key; the old key answers 401 UNAUTHORIZED from this moment. ' + 'Errors: 404 NOT_FOUND.',
    },
    createInvite: {
      method: 'POST',
      path: '/organizations/:organization_id/invites',
      pathParams: OrganizationPathParamsSchema,
      body: CreateInviteBodySchema,
      responses: { 201: InviteSchema, 409: DashboardErrorEnvelopeSchema },
      summary: 'Invite a person to the dashboard',
      description:
        'Makes a one-time token, valid 24 h, with which the person joins the organization at ' +
        '/dashboard/accept-invite#token=<token> with the role (default owner): setting a password, ' +
        'or with the account the email already has. A new invite for the same email replaces an ' +
        'unused one. Errors: 404 NOT_FOUND, 409 EMAIL_TAKEN (already a member), 422 VALIDATION_ERROR.',
    },
    setPaymentMethod: {
      method: 'PUT',
      path: '/organizations/:organization_id/payment-method',
      pathParams: OrganizationPathParamsSchema,
      body: z.object({ payment_method: z.string().regex(/^pm_[A-Za-z0-9_]+$/, 'must be a Stripe PaymentMethod id (pm_…)') }).strict(),
      responses: { 200: z.object({ organization_id: z.string(), card: CardSchema }) },
      summary: "Set the organization's card",
      description:
        "Attaches a Stripe PaymentMethod to the organization's Stripe customer (created if needed) " +
        'and makes it the card overage packs are charged to. Errors: 404 NOT_FOUND, 422 ' +
        'VALIDATION_ERROR (Stripe not configured, or Stripe refused the payment method), 503 ' +
        'SERVICE_UNAVAILABLE (Stripe could not be reached).',
    },
  },
  {
    pathPrefix: '/admin/v1',
    strictStatusCodes: true,
    commonResponses: adminCommonResponses,
  },
);

/** Every request string behind the string rule (well-formed-strings.ts), as on /v1. */
export const adminContract = withWellFormedStrings(adminRoutes);

export type AdminContract = typeof adminContract;

export * from './schemas/organization.js';
