import { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '../errors.js';

/**
 * Codes only the dashboard answers with. They live here, not in ERROR_CODES, because the
 * public /v1 API never sends them: the SDK (one error class per public code) and the
 * OpenAPI document stay free of sign-in concerns. Stable like every other code.
 */
export const DASHBOARD_ERROR_CODES = [
  // Sign-in with an unknown email or a wrong password: one answer for both, so the
  // response never tells whether an account exists. (UNAUTHORIZED means "no session".)
  'INVALID_CREDENTIALS',
  // A state-changing request sent by a page of another origin (CSRF).
  'CROSS_ORIGIN_REQUEST',
  // Sign-up while DASHBOARD_SIGNUP=closed; people join through an invite link instead.
  'SIGNUP_CLOSED',
  // Sign-up for an email that already has an account, or an invite for someone already in the
  // organization.
  'EMAIL_TAKEN',
  // An OAuth authorization request the consent page cannot honour (unknown app, redirect URI
  // it did not register, missing PKCE...): shown as a page, never sent back to the app.
  'OAUTH_REQUEST_INVALID',
  // The signed-in person's role does not allow this: a member regenerating the key, changing
  // the plan or auto-purchase, reading billing, changing the team, or disconnecting an app
  // someone else connected. Refused by the server, whatever the page shows.
  'FORBIDDEN',
  // The organization's last owner tried to leave or to become a member: someone must stay
  // able to manage it. Make another person an owner first.
  'LAST_OWNER',
  // The page named (Humantime-Organization) another organization than the session's: the person
  // switched organization in another tab. Nothing was done; the page reloads to show the one now
  // selected, so no click meant for one organization changes another.
  'ORGANIZATION_CHANGED',
] as const;

export type DashboardErrorCode = (typeof DASHBOARD_ERROR_CODES)[number];

export const DASHBOARD_ERROR_STATUS = {
  INVALID_CREDENTIALS: 401,
  CROSS_ORIGIN_REQUEST: 403,
  SIGNUP_CLOSED: 403,
  EMAIL_TAKEN: 409,
  OAUTH_REQUEST_INVALID: 400,
  FORBIDDEN: 403,
  LAST_OWNER: 409,
  ORGANIZATION_CHANGED: 409,
} as const satisfies Record<DashboardErrorCode, number>;

/** Every code the server can send on any surface (/v1, /admin/v1, /dashboard/api). */
export type AnyErrorCode = ErrorCode | DashboardErrorCode;

export const ANY_ERROR_STATUS: Record<AnyErrorCode, number> = { ...ERROR_STATUS, ...DASHBOARD_ERROR_STATUS };

export const AnyErrorCodeSchema = z.enum([...ERROR_CODES, ...DASHBOARD_ERROR_CODES]);

/** The error envelope, with the dashboard's codes allowed beside the public ones. */
export const DashboardErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: AnyErrorCodeSchema.describe('Stable machine-readable identifier; branch on this.'),
      message: z.string().describe('Human-readable explanation; may change between releases.'),
      status: z.number().int().describe('Equal to the HTTP status of the response.'),
    }),
  })
  .describe('Error envelope');

export type DashboardErrorEnvelope = z.infer<typeof DashboardErrorEnvelopeSchema>;

/**
 * Statuses any dashboard route can answer with: 401 (no or expired session), 403
 * (cross-origin, or FORBIDDEN by the person's role), 404, 413, 422 (body), 429 (throttle), 500.
 */
export const DASHBOARD_COMMON_ERROR_STATUSES = [401, 403, 404, 413, 422, 429, 500] as const;

export const dashboardCommonResponses = {
  401: DashboardErrorEnvelopeSchema,
  403: DashboardErrorEnvelopeSchema,
  404: DashboardErrorEnvelopeSchema,
  413: DashboardErrorEnvelopeSchema,
  422: DashboardErrorEnvelopeSchema,
  429: DashboardErrorEnvelopeSchema,
  500: DashboardErrorEnvelopeSchema,
} as const satisfies Record<(typeof DASHBOARD_COMMON_ERROR_STATUSES)[number], typeof DashboardErrorEnvelopeSchema>;

/**
 * The envelope for any code, public or dashboard-only, with the status taken from the code
 * (as `errorEnvelope` does for the public ones): the server's one error handler uses it.
 */
export function anyErrorEnvelope(code: AnyErrorCode, message: string) {
  return { error: { code, message, status: ANY_ERROR_STATUS[code] } };
}
