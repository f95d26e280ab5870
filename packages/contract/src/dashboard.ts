/**
 * The dashboard's API, under /dashboard/api, served by the API process on the same origin
 * as the pages (/dashboard). Not part of `contract`: the public SDK and OpenAPI never see it.
 *
 * How auth works, for the pages:
 * - Session cookie `humantime_session`: HttpOnly (scripts cannot read it), SameSite=Lax,
 *   Path=/dashboard, Secure when served over https. Sign-up, sign-in and accept-invite set
 *   it; sign-out clears it. Call with `credentials: 'same-origin'` (the fetch default) and
 *   never store anything secret in localStorage.
 * - A session ends after 12 h without a request or 7 days after sign-in, whichever first.
 * - 401 UNAUTHORIZED on any route = no valid session (never signed in, expired, signed
 *   out): send the person to the sign-in page. 401 INVALID_CREDENTIALS comes only from
 *   sign-in: show "email or password is incorrect" and stay on the page.
 * - CSRF: a POST, PUT, PATCH or DELETE whose `Sec-Fetch-Site` is not same-origin (or, when
 *   the browser sends no Sec-Fetch-Site, whose `Origin` names another host) is refused with
 *   403 CROSS_ORIGIN_REQUEST. Pages served from /dashboard need do nothing: the browser
 *   sends those headers itself. GETs never change anything.
 * - Organization: the session acts for one organization at a time (POST /session/organization
 *   switches it, for every tab). A page sends `Humantime-Organization: <organization_id>` of
 *   the organization it shows; when the session's is another (switched in another tab), every
 *   route but GET /session and the switch answers 409 ORGANIZATION_CHANGED and does nothing:
 *   reload the session and the page. Without the header a request acts for the session's.
 * - 429 RATE_LIMITED on sign-in: 10 failures for one email within 15 minutes; the
 *   `Retry-After` header gives the seconds to wait.
 * - Invite links have the form `<base>/dashboard/accept-invite#token=<token>` (the token is
 *   in the fragment, so it never reaches a server log or a Referer); the page asks
 *   /invites/inspect what it is for, then posts the token to /invites/accept with a new
 *   password, the existing account's password, or none when signed in as that account.
 * - Roles: a member (role `member`) may not regenerate the key, change the plan or
 *   auto-purchase, read billing or change the team: 403 FORBIDDEN. The session names the
 *   role, so hide or disable those controls, and still show the message of a 403 (the role can
 *   change while the page is open).
 * - A full API key (sign-up, regenerate), a webhook signing secret (add webhook) and a
 *   calendar subscription link (create or regenerate it) come in exactly one response; no
 *   route returns them again, so show them once with a copy button.
 * Every error is the error envelope `{error: {code, message, status}}`; branch on `code`.
 */
import { initContract } from '@ts-rest/core';
import { account } from './dashboard/routes-account.js';
import { calendarFeed, calendars } from './dashboard/routes-calendars.js';
import { oauth } from './dashboard/routes-oauth.js';
import { organization } from './dashboard/routes-organization.js';
import { bookings, humans, webhooks } from './dashboard/routes-resources.js';
import { team } from './dashboard/team.js';
import { dashboardCommonResponses } from './dashboard/errors.js';
import { withWellFormedStrings } from './well-formed-strings.js';

const c = initContract();

export const DASHBOARD_API_PREFIX = '/dashboard/api';
export const SESSION_COOKIE_NAME = 'humantime_session';
/** The header a page names the organization it shows with (see "Organization" above). */
export const SHOWN_ORGANIZATION_HEADER = 'humantime-organization';

// Every request string behind the same rule as /v1 (no U+0000, well-formed Unicode).
export const dashboardContract = withWellFormedStrings(
  c.router(
    { account, organization, humans, calendars, calendarFeed, bookings, webhooks, oauth, team },
    {
      pathPrefix: DASHBOARD_API_PREFIX,
      strictStatusCodes: true,
      commonResponses: dashboardCommonResponses,
    },
  ),
);

export type DashboardContract = typeof dashboardContract;

export * from './dashboard/errors.js';
export * from './dashboard/schemas.js';
export * from './dashboard/routes-oauth.js';
export * from './dashboard/team.js';
