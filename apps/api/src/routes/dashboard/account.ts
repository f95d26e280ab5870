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
export function accountRouter({ store: { db }, clock, config }: ServiceDeps) {
  return s.router(dashboardContract.account, {
    signUp: async ({ body, req, res }) => {
      const now = clock();
      const started = await signUp(db, body, { open: config.dashboard.signup === 'open', now });
      setSessionCookie(req, res, started, now);
      return { status: 201, body: { ...started.session, api_key: started.apiKey } };
    },
    signIn: async ({ body, req, res }) => {
      const now = clock();
      const started = await signIn(db, body, now);
      setSessionCookie(req, res, started, now);
      return { status: 200, body: started.session };
    },
    signOut: async ({ req, res }) => {
      const token = sessionToken(req);
      if (token) await endSession(db, token);
      clearSessionCookie(req, res);
      return { status: 204, body: undefined };
    },
    getSession: async ({ res }) => ({ status: 200, body: signedInOf(res).session }),
    acceptInvite: async ({ body, req, res }) => {
      const now = clock();
      const started = await acceptInvite(db, body, now);
      setSessionCookie(req, res, started, now);
      return { status: 200, body: started.session };
    },
  });
}
