import { initContract } from '@ts-rest/core';
import { DashboardErrorEnvelopeSchema } from './errors.js';
import { AcceptInviteBodySchema, SessionSchema, SignInBodySchema, SignUpBodySchema, SignUpResponseSchema } from './schemas.js';

const c = initContract();

/** Signing up, in and out. These are the only dashboard routes that need no session. */
export const account = c.router({
  signUp: {
    method: 'POST',
    path: '/signup',
    body: SignUpBodySchema,
    responses: { 201: SignUpResponseSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Sign up',
    description:
      'Creates an organization on the Free plan and its first account, signs it in (sets the ' +
      'session cookie) and returns the API key, shown only in this response. Errors: 403 ' +
      'SIGNUP_CLOSED (DASHBOARD_SIGNUP=closed), 409 EMAIL_TAKEN, 422 VALIDATION_ERROR ' +
      '(password under 12 characters, ...).',
  },
  signIn: {
    method: 'POST',
    path: '/signin',
    body: SignInBodySchema,
    responses: { 200: SessionSchema },
    summary: 'Sign in',
    description:
      'Checks email and password and sets the session cookie. Errors: 401 ' +
      'INVALID_CREDENTIALS (unknown email or wrong password, one answer for both), 429 ' +
      'RATE_LIMITED after 10 failed sign-ins for the email within 15 minutes (Retry-After ' +
      'says when to try again).',
  },
  signOut: {
    method: 'POST',
    path: '/signout',
    body: c.noBody(),
    responses: { 204: c.noBody() },
    summary: 'Sign out',
    description: 'Ends the session at once and clears the cookie. Without a session it is a no-op (204).',
  },
  getSession: {
    method: 'GET',
    path: '/session',
    responses: { 200: SessionSchema },
    summary: 'The current session',
    description: 'Who is signed in, and to which organization. Errors: 401 UNAUTHORIZED (no valid session).',
  },
  acceptInvite: {
    method: 'POST',
    path: '/invites/accept',
    body: AcceptInviteBodySchema,
    responses: { 200: SessionSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Accept an invite',
    description:
      'Creates the invited account with this password from the one-time token of an invite ' +
      'link and signs it in. Errors: 404 NOT_FOUND (token unknown, used or older than 24 h), ' +
      '409 EMAIL_TAKEN, 422 VALIDATION_ERROR.',
  },
});
