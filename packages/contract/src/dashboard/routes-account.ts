import { initContract } from '@ts-rest/core';
import { DashboardErrorEnvelopeSchema } from './errors.js';
import { AcceptInviteBodySchema, SessionSchema, SignInBodySchema, SignUpBodySchema, SignUpResponseSchema } from './schemas.js';
import { InspectInviteBodySchema, InvitePreviewSchema, SwitchOrganizationBodySchema } from './team.js';

const c = initContract();

/** Signing up, in and out, and invites. Only sign-up, sign-in, sign-out and the invite routes work without a session. */
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
    description:
      'Who is signed in, the organization the session is in and their role there, and every organization ' +
      'they belong to. Errors: 401 UNAUTHORIZED (no valid session).',
  },
  switchOrganization: {
    method: 'POST',
    path: '/session/organization',
    body: SwitchOrganizationBodySchema,
    responses: { 200: SessionSchema },
    summary: 'Switch organization',
    description:
      'Moves this session to another organization the account belongs to; every later request acts there. ' +
      'Errors: 404 NOT_FOUND (not an organization the account is in).',
  },
  inspectInvite: {
    method: 'POST',
    path: '/invites/inspect',
    body: InspectInviteBodySchema,
    responses: { 200: InvitePreviewSchema },
    summary: 'What an invite is for',
    description:
      'The organization, email and role of an invite link, and whether the email has an account already (then ' +
      'accepting takes its password, or a session of it). Nothing changes. Errors: 404 NOT_FOUND (token unknown, ' +
      'used, revoked or older than 24 h).',
  },
  acceptInvite: {
    method: 'POST',
    path: '/invites/accept',
    body: AcceptInviteBodySchema,
    responses: { 200: SessionSchema, 409: DashboardErrorEnvelopeSchema },
    summary: 'Accept an invite',
    description:
      'Joins the organization of the one-time token of an invite link with its role, and signs in there. An ' +
      'email without an account gets one with this password; an existing account proves itself with its ' +
      'password, or with a session of it in this browser (then the session moves to the organization). ' +
      'Errors: 401 INVALID_CREDENTIALS (wrong password for the existing account), 404 NOT_FOUND (token ' +
      'unknown, used or older than 24 h), 409 EMAIL_TAKEN (already a member), 422 VALIDATION_ERROR (a new ' +
      'account without a password of 12 characters), 429 RATE_LIMITED (as sign-in).',
  },
});
