import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import type { ServiceDeps } from '../../services/deps.js';
import { signedInOf } from '../../http/dashboard-guards.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../../http/session-cookie.js';
import { acceptInvite } from '../../services/accounts/invites.js';
import { endSession } from '../../services/accounts/sessions.js';
import { signIn } from '../../services/accounts/sign-in.js';
import { signUp } from '../../services/accounts/sign-up.js';

const s = initServer();

/** Sign-up, sign-in, sign-out, the current session, accepting an invite. */
export function accountRouter(deps: ServiceDeps) {
  return s.router(dashboardContract.account, {
    signUp: async ({ body, req, res }) => {
      const started = await signUp(deps, body);
      setSessionCookie(req, res, started);
      return { status: 201, body: { ...started.session, api_key: started.apiKey } };
    },
    signIn: async ({ body, req, res }) => {
      const started = await signIn(deps, body);
      setSessionCookie(req, res, started);
      return { status: 200, body: started.session };
    },
    signOut: async ({ req, res }) => {
      const token = sessionToken(req);
      if (token) await endSession(deps, token);
      clearSessionCookie(req, res);
      return { status: 204, body: undefined };
    },
    getSession: async ({ res }) => ({ status: 200, body: signedInOf(res).session }),
    acceptInvite: async ({ body, req, res }) => {
      const started = await acceptInvite(deps, body);
      setSessionCookie(req, res, started);
      return { status: 200, body: started.session };
    },
  });
}
