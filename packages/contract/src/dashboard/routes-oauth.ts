import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { Uuid, UtcTimestamp } from '../schemas/common.js';
import { DashboardErrorEnvelopeSchema } from './errors.js';

const c = initContract();

/** The two scopes a connected app can hold: reading, and everything that changes data. */
export const OAUTH_SCOPES = ['humantime.read', 'humantime.write'] as const;
export const OAuthScopeSchema = z.enum(OAUTH_SCOPES);
export type OAuthScope = z.infer<typeof OAuthScopeSchema>;

const Param = z.string().max(4096).optional();

/**
 * The authorization request exactly as the app sent it to /oauth/authorize, which checked
 * it and sent the browser on to the consent page with the same query. The server checks it
 * again on every call here: the page only carries it.
 */
export const AuthorizationRequestSchema = z.object({
  response_type: Param,
  client_id: z.string().min(1, 'must not be empty').max(2048),
  redirect_uri: z.string().min(1, 'must not be empty').max(2048),
  scope: Param,
  state: Param,
  code_challenge: Param,
  code_challenge_method: Param,
  resource: Param,
});

export type AuthorizationRequest = z.infer<typeof AuthorizationRequestSchema>;

export const ConsentSchema = z.object({
  client: z.object({
    client_id: z.string(),
    name: z.string().describe('The name the app gave itself (unverified); the client_id when it gave none.'),
    uri: z.string().nullable().describe("The app's home page, as it declared it (unverified)."),
  }),
  redirect_host: z
    .string()
    .describe('Where the browser goes back to after Allow or Deny: the host of the redirect URI (or its scheme, for an app link).'),
  scopes: z.array(OAuthScopeSchema).describe('What the app asks for; both when it named none.'),
  organizations: z
    .array(z.object({ organization_id: Uuid, name: z.string(), plan: z.string() }))
    .describe(
      'Every organization the signed-in person belongs to, any of which the app may be connected to (the first is the current one).',
    ),
});

export type Consent = z.infer<typeof ConsentSchema>;

export const DecideAuthorizationBodySchema = AuthorizationRequestSchema.extend({
  decision: z.enum(['allow', 'deny']),
  organization_id: Uuid.optional().describe('Which organization the app acts for; default the current one.'),
}).strict();

export type DecideAuthorizationBody = z.infer<typeof DecideAuthorizationBodySchema>;

export const ConnectedAppSchema = z.object({
  id: Uuid.describe('The grant.'),
  client_id: z.string(),
  client_name: z.string(),
  redirect_host: z.string(),
  scopes: z.array(OAuthScopeSchema),
  allowed_by: z.string().nullable().describe('Email of the person who pressed Allow (null once their account is gone).'),
  created_at: UtcTimestamp,
  last_used_at: UtcTimestamp.nullable().describe('Last call to /mcp with one of its tokens, to the minute.'),
});

export type ConnectedApp = z.infer<typeof ConnectedAppSchema>;

export const ConnectedAppPathParamsSchema = z.object({ grant_id: Uuid });

/** The consent page of the OAuth sign-in, and "Connected apps". */
export const oauth = c.router({
  getConsent: {
    method: 'GET',
    path: '/oauth/authorization',
    query: AuthorizationRequestSchema,
    responses: { 200: ConsentSchema, 400: DashboardErrorEnvelopeSchema },
    summary: 'What the consent page shows',
    description:
      'The app, where it returns, what it asks for and the organizations to choose from. Errors: 400 ' +
      'OAUTH_REQUEST_INVALID (the message says what is wrong: show it, never send the browser to the app).',
  },
  decide: {
    method: 'POST',
    path: '/oauth/authorization',
    body: DecideAuthorizationBodySchema,
    responses: { 200: z.object({ redirect_to: z.string() }), 400: DashboardErrorEnvelopeSchema },
    summary: 'Allow or Deny',
    description:
      'Allow creates the grant and a code; Deny answers error=access_denied. Either way send the browser to ' +
      'redirect_to. Errors: 400 OAUTH_REQUEST_INVALID, 404 NOT_FOUND (an organization the person is not in).',
  },
  listConnectedApps: {
    method: 'GET',
    path: '/connected-apps',
    responses: { 200: z.object({ data: z.array(ConnectedAppSchema) }) },
    summary: 'Connected apps',
    description: 'Every app connected to the organization over OAuth, newest first.',
  },
  disconnect: {
    method: 'DELETE',
    path: '/connected-apps/:grant_id',
    pathParams: ConnectedAppPathParamsSchema,
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Disconnect an app',
    description:
      'Its tokens answer 401 from this moment. An owner may disconnect any app; a member only the ones they ' +
      'allowed. Errors: 403 FORBIDDEN (a member, for an app someone else allowed), 404 NOT_FOUND.',
  },
});
