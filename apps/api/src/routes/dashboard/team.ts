import { dashboardContract } from '@humantime/contract/dashboard';
import { initServer } from '@ts-rest/express';
import { memberOf } from '../../http/dashboard-guards.js';
import { publicBaseUrl } from '../../http/public-base-url.js';
import type { ServiceDeps } from '../../services/deps.js';
import { changeRole } from '../../services/team/change-role.js';
import { inviteMember } from '../../services/team/invite-member.js';
import { listTeam } from '../../services/team/list-team.js';
import { removeMember } from '../../services/team/remove-member.js';
import { revokeInvite } from '../../services/team/revoke-invite.js';

const s = initServer();

/** The Team page: members, invites, roles. The role rules are the services' (services/team). */
export function teamRouter(deps: ServiceDeps) {
  return s.router(dashboardContract.team, {
    list: async ({ res }) => ({ status: 200, body: await listTeam(deps, memberOf(res)) }),
    invite: async ({ body, req, res }) => {
      const created = await inviteMember(deps, memberOf(res), { body, baseUrl: publicBaseUrl(req) });
      // The answer is the link's only copy of its token: no cache may keep it.
      res.setHeader('Cache-Control', 'no-store');
      return { status: 201, body: created };
    },
    revokeInvite: async ({ params, res }) => {
      await revokeInvite(deps, memberOf(res), params.invite_id);
      return { status: 204, body: undefined };
    },
    changeRole: async ({ params, body, res }) => ({
      status: 200,
      body: await changeRole(deps, memberOf(res), { accountId: params.account_id, role: body.role }),
    }),
    remove: async ({ params, res }) => {
      await removeMember(deps, memberOf(res), params.account_id);
      return { status: 204, body: undefined };
    },
  });
}
