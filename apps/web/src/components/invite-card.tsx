import { useState, type FormEvent } from 'react';
import type { CreatedTeamInvite, MembershipRole } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { formatDateTime } from '../lib/format.js';
import { refreshOnForbidden, withArticle } from '../lib/roles.js';
import { CopyButton } from './copy-button.js';
import { useSession } from './session.js';
import { ErrorNotice } from './states.js';

/** An owner invites someone by email: the one-time link is shown once, to copy (and mailed when the service can). */
export function InviteCard({ onInvited, pendingEmails = [] }: { onInvited: () => void; pendingEmails?: string[] }) {
  const { session, refresh } = useSession();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MembershipRole>('member');
  const [made, setMade] = useState<(CreatedTeamInvite & { replaced: boolean }) | null>(null);
  const invite = useAction(async () => {
    setMade(null);
    // A new invite for an email replaces the one not yet accepted: its link stops working.
    const replaced = pendingEmails.some((pending) => pending.toLowerCase() === email.trim().toLowerCase());
    const answer = await call(api.team.invite({ body: { email, role } }), 201).catch(refreshOnForbidden(refresh));
    setMade({ ...answer, replaced });
    setEmail('');
    onInvited();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void invite.run();
  }

  return (
    <section className="card" aria-labelledby="invite-title">
      <div className="card-head">
        <h2 id="invite-title">Invite someone</h2>
      </div>
      <p className="small muted">
        They join {session.organization.name} with their own sign-in: someone new sets a password, someone with a humantime account already
        joins with it.
      </p>
      {invite.error !== undefined && <ErrorNotice error={invite.error} />}
      <form className="invite-form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as MembershipRole)}>
            <option value="member">Member</option>
            <option value="owner">Owner</option>
          </select>
        </div>
        <button type="submit" className="primary" disabled={invite.busy}>
          {invite.busy ? 'Inviting…' : 'Create invite link'}
        </button>
      </form>
      <p className="small muted" style={{ marginTop: '0.6rem' }}>
        Members do everything but regenerate the key, change the plan, see billing or change the team. Owners do everything.
      </p>
      {made && <InviteLink made={made} />}
    </section>
  );
}

function InviteLink({ made }: { made: CreatedTeamInvite & { replaced: boolean } }) {
  const { invite } = made;
  return (
    <div className="notice warn invite-result" role="region" aria-label="Invite link">
      <h3>Invite link for {invite.email}</h3>
      <p className="small">
        Send it to them: it makes them {withArticle(invite.role)}, works once, until {formatDateTime(invite.expires_at)}, and is shown only
        now.
      </p>
      {made.replaced && (
        <p className="small" role="status" data-testid="invite-replaced">
          <strong>This link replaces the earlier one for {invite.email}:</strong> that link no longer works.
        </p>
      )}
      <div className="secret">
        <code data-testid="invite-link">{made.invite_url}</code>
        <CopyButton value={made.invite_url} label="Copy invite link" />
      </div>
      <MailStatus made={made} />
    </div>
  );
}

function MailStatus({ made }: { made: CreatedTeamInvite }) {
  if (made.email_delivery === 'sent') {
    return (
      <p className="small" role="status" style={{ marginTop: '0.6rem' }}>
        We also emailed the link to {made.invite.email}.
      </p>
    );
  }
  if (made.email_delivery === 'failed') {
    return (
      <p className="small" role="alert" style={{ marginTop: '0.6rem' }} data-testid="invite-mail-failed">
        <strong>The email was not sent.</strong> {made.email_problem} The invite is valid: copy the link and send it yourself.
      </p>
    );
  }
  return (
    <p className="small" style={{ marginTop: '0.6rem' }}>
      This service sends no email: copy the link and send it to them yourself.
    </p>
  );
}
