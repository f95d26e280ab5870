import { useState, type ReactNode } from 'react';
import type { PendingInvite, TeamMember } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { InviteCard } from '../components/invite-card.js';
import { OwnersOnlyNote, useIsOwner } from '../components/owners-only.js';
import { useSession } from '../components/session.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { formatAgo, formatDate, formatDateTime } from '../lib/format.js';
import { refreshOnForbidden, roleName, withArticle } from '../lib/roles.js';
import { navigate } from '../lib/router.js';

/** What a confirmation is about to do. */
type Pending =
  | { kind: 'role'; member: TeamMember; role: TeamMember['role'] }
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'leave'; member: TeamMember }
  | { kind: 'revoke'; invite: PendingInvite };

/** The Team page: members and their roles, invites; owners change it, members see who is in it. */
export function TeamPage() {
  const { session, refresh } = useSession();
  const isOwner = useIsOwner();
  const team = useLoad(() => call(api.team.list(), 200), 'team');
  const [pending, setPending] = useState<Pending | null>(null);
  const act = useAction(async (what: Pending) => {
    const forbidden = refreshOnForbidden(refresh);
    if (what.kind === 'role') {
      await call(api.team.changeRole({ params: { account_id: what.member.account_id }, body: { role: what.role } }), 200).catch(forbidden);
      if (what.member.account_id === session.account.id) refresh();
    } else if (what.kind === 'revoke') {
      await call(api.team.revokeInvite({ params: { invite_id: what.invite.id } }), 204).catch(forbidden);
    } else {
      await call(api.team.remove({ params: { account_id: what.member.account_id } }), 204).catch(forbidden);
      // Leaving ends this session in the organization: sign in again (to another one, if any).
      if (what.kind === 'leave') return navigate('/signin?signed_out=1', { replace: true });
    }
    setPending(null);
    team.reload();
  });
  const ask = (what: Pending) => (act.clearError(), setPending(what));
  const owners = team.data?.members.filter((m) => m.role === 'owner').length ?? 0;

  return (
    <>
      <PageHead
        title="Team"
        intro={`The people who sign in to ${session.organization.name}. Owners manage the key, plan, billing and the team; members do everything else.`}
      />
      <div className="stack">
        {isOwner ? (
          <InviteCard onInvited={team.reload} pendingEmails={team.data?.invites.map((i) => i.email)} />
        ) : (
          <OwnersOnlyNote boxed>Only owners can invite people, change roles or remove members.</OwnersOnlyNote>
        )}
        {team.error !== undefined && <ErrorNotice error={team.error} onRetry={team.reload} />}
        {team.loading && !team.data && <Loading what="the team" />}
        {team.data && <MembersTable members={team.data.members} isOwner={isOwner} lastOwner={owners === 1} onAsk={ask} />}
        {team.data && team.data.invites.length > 0 && <InvitesTable invites={team.data.invites} isOwner={isOwner} onAsk={ask} />}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? titleOf(pending, session.organization.name) : ''}
        confirmLabel={pending ? confirmLabelOf(pending) : ''}
        busy={act.busy}
        error={act.error}
        onConfirm={() => pending && void act.run(pending)}
        onCancel={() => setPending(null)}
      >
        {pending && <Consequences pending={pending} organization={session.organization.name} />}
      </ConfirmDialog>
    </>
  );
}

type TableProps = { members: TeamMember[]; isOwner: boolean; lastOwner: boolean; onAsk: (what: Pending) => void };

function MembersTable({ members, isOwner, lastOwner, onAsk }: TableProps) {
  const { session } = useSession();
  return (
    <section className="card table-card" aria-labelledby="members-title">
      <div className="card-head">
        <h2 id="members-title">Members ({members.length})</h2>
      </div>
      <table className="responsive">
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            const you = member.account_id === session.account.id;
            // The last owner can be neither demoted nor removed: the server refuses it too (409 LAST_OWNER).
            const soleOwner = member.role === 'owner' && lastOwner;
            return (
              <tr key={member.account_id} data-testid="member-row">
                <td data-label="Member">
                  <span className="wrap-anywhere">{member.email}</span> {you && <span className="badge">You</span>}
                </td>
                <td data-label="Role">
                  <span className={member.role === 'owner' ? 'badge ok' : 'badge'}>{roleName(member.role)}</span>
                </td>
                <td data-label="Joined" className="nowrap">
                  {formatDate(member.joined_at)}
                </td>
                <td data-label="Last sign-in">
                  {member.last_signed_in_at ? (
                    <time dateTime={member.last_signed_in_at} title={formatDateTime(member.last_signed_in_at)}>
                      {formatAgo(member.last_signed_in_at)}
                    </time>
                  ) : (
                    <span className="muted">not yet</span>
                  )}
                </td>
                <td data-label="">
                  <MemberActions member={member} you={you} soleOwner={soleOwner} isOwner={isOwner} onAsk={onAsk} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

type ActionsProps = { member: TeamMember; you: boolean; soleOwner: boolean; isOwner: boolean; onAsk: (what: Pending) => void };

function MemberActions({ member, you, soleOwner, isOwner, onAsk }: ActionsProps) {
  if (soleOwner) return <span className="small muted">The only owner</span>;
  const buttons: ReactNode[] = [];
  if (isOwner) {
    const role = member.role === 'owner' ? 'member' : 'owner';
    buttons.push(
      <button key="role" type="button" onClick={() => onAsk({ kind: 'role', member, role })} aria-label={`Make ${role}: ${member.email}`}>
        Make {role}
      </button>,
    );
  }
  if (you) {
    buttons.push(
      <button key="leave" type="button" className="ghost-danger" onClick={() => onAsk({ kind: 'leave', member })}>
        Leave
      </button>,
    );
  } else if (isOwner) {
    buttons.push(
      <button
        key="remove"
        type="button"
        className="ghost-danger"
        onClick={() => onAsk({ kind: 'remove', member })}
        aria-label={`Remove ${member.email}`}
      >
        Remove
      </button>,
    );
  }
  return <div className="member-actions">{buttons}</div>;
}

function InvitesTable({ invites, isOwner, onAsk }: { invites: PendingInvite[]; isOwner: boolean; onAsk: (what: Pending) => void }) {
  return (
    <section className="card table-card" aria-labelledby="invites-title">
      <div className="card-head">
        <h2 id="invites-title">Invitations not yet accepted</h2>
      </div>
      <table className="responsive">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Link works until</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite.id} data-testid="invite-row">
              <td data-label="Email" className="wrap-anywhere">
                {invite.email}
              </td>
              <td data-label="Role">{roleName(invite.role)}</td>
              <td data-label="Works until">{formatDateTime(invite.expires_at)}</td>
              <td data-label="">
                {isOwner && (
                  <div className="member-actions">
                    <button
                      type="button"
                      className="ghost-danger"
                      onClick={() => onAsk({ kind: 'revoke', invite })}
                      aria-label={`Revoke the invitation of ${invite.email}`}
                    >
                      Revoke
                    </button>
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function titleOf(pending: Pending, organization: string): string {
  switch (pending.kind) {
    case 'role':
      return `Make ${pending.member.email} ${withArticle(pending.role)}?`;
    case 'remove':
      return `Remove ${pending.member.email} from ${organization}?`;
    case 'leave':
      return `Leave ${organization}?`;
    case 'revoke':
      return `Revoke the invitation of ${pending.invite.email}?`;
  }
}

function confirmLabelOf(pending: Pending): string {
  return { role: pending.kind === 'role' ? `Make ${pending.role}` : '', remove: 'Remove', leave: 'Leave', revoke: 'Revoke' }[pending.kind];
}

function Consequences({ pending, organization }: { pending: Pending; organization: string }) {
  switch (pending.kind) {
    case 'role':
      return pending.role === 'owner' ? (
        <p>They will be able to do everything: regenerate the key, change the plan, see billing and change the team.</p>
      ) : (
        <p>From their next click they can no longer regenerate the key, change the plan, see billing or change the team.</p>
      );
    case 'remove':
      return (
        <p style={{ overflowWrap: 'anywhere' }}>
          They lose access to {organization} at once: their sessions here end, and the apps they connected to it are disconnected.
        </p>
      );
    case 'leave':
      return <p>You lose access to {organization} at once and are signed out; an owner can invite you again.</p>;
    case 'revoke':
      return <p>The link stops working at once. You can invite them again later.</p>;
  }
}
