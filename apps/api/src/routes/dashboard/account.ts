import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import { signedInOf } from '../../http/dashboard-guards.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../http/session-cookie.js';
import { acceptInvite } from '../../services/accounts/accept-invite.js';
import { inspectInvite } from '../../services/accounts/invites.js';
import { describeSession, endSession, switchOrganization } from '../../services/accounts/sessions.js';
import { signIn } from '../../services/accounts/sign-in.js';
import { signUp } from '../../services/accounts/sign-up.js';

const s = initServer();

/** Sign-up, sign-in, sign-out, the current session and switching it, invites. */
export function accountRouter(deps: ServiceDeps) {
  return s.router(dashboardContract.account, {
    signUp: async ({ body, req, res }) => {
      const started = await signUp(deps, body);
      setSessionCookie(req, res, started);
      return { status: 201, body: { ...(await describeSession(deps, started)), api_key: started.apiKey } };
    },
    signIn: async ({ body, req, res }) => {
      const started = await signIn(deps, body);
      setSessionCookie(req, res, started);
      return { status: 200, body: await describeSession(deps, started) };
    },
    signOut: async ({ req, res }) => {
      const token = sessionToken(req);
      if (token) await endSession(deps, token);
      clearSessionCookie(req, res);
      return { status: 204, body: undefined };
    },
    getSession: async ({ res }) => ({ status: 200, body: await describeSession(deps, signedInOf(res)) }),
    switchOrganization: async ({ body, req }) => {
      // requireSession let the request through, so the cookie names a live session.
      const switched = await switchOrganization(deps, sessionToken(req)!, body.organization_id);
      return { status: 200, body: await describeSession(deps, switched) };
    },
    inspectInvite: async ({ body, req }) => ({
      status: 200,
      body: await inspectInvite(deps, { token: body.token, sessionToken: sessionToken(req) }),
    }),
    acceptInvite: async ({ body, req, res }) => {
      const accepted = await acceptInvite(deps, { token: body.token, password: body.password, sessionToken: sessionToken(req) });
      if (accepted.kind === 'moved') return { status: 200, body: await describeSession(deps, accepted.signedIn) };
      setSessionCookie(req, res, accepted.started);
      return { status: 200, body: await describeSession(deps, accepted.started) };
    },
  });
}
