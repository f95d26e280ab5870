import { useState, type FormEvent } from 'react';
import type { InvitePreview } from '@humantime/contract/dashboard';
import { api, ApiError, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { NewPasswordField } from '../components/new-password-field.js';
import { ErrorNotice, Loading } from '../components/states.js';
import { withArticle } from '../lib/roles.js';
import { Link, navigate } from '../lib/router.js';
import { AuthFrame } from './auth-frame.js';

/** The invite token travels in the URL fragment, so no server log or Referer sees it. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * Joining an organization from an invite link. The page first asks what the link is for: a
 * new person sets a password; someone with an account joins with its password, or at once
 * when this browser is signed in to it.
 */
export function AcceptInvitePage() {
  const [token] = useState(tokenFromFragment);
  if (!token) {
    return (
      <AuthFrame title="Invite link incomplete">
        <p>This page needs the whole link from your invitation. Open the link again, or ask the person who invited you for a new one.</p>
        <Link to="/signin">Go to sign in</Link>
      </AuthFrame>
    );
  }
  return <InviteLoader token={token} />;
}

function InviteLoader({ token }: { token: string }) {
  const preview = useLoad(() => call(api.account.inspectInvite({ body: { token } }), 200), 'invite');
  if (preview.data) return <AcceptForm token={token} preview={preview.data} />;
  if (preview.error instanceof ApiError && preview.error.code === 'NOT_FOUND') {
    return (
      <AuthFrame title="This invite link cannot be used">
        <ErrorNotice error={preview.error} />
        <p className="small muted">
          Already joined? <Link to="/signin">Sign in</Link>
        </p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Your invitation">
      {preview.error !== undefined ? <ErrorNotice error={preview.error} onRetry={preview.reload} /> : <Loading what="your invitation" />}
    </AuthFrame>
  );
}

function AcceptForm({ token, preview }: { token: string; preview: InvitePreview }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const signedInAsInvitee = preview.signed_in_as === preview.email;
  const isNew = !preview.account_exists;
  const accept = useAction(async () => {
    const body = signedInAsInvitee ? { token } : { token, password };
    await call(api.account.acceptInvite({ body }), 200);
    navigate('/', { replace: true });
  });
  const organization = preview.organization.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    const differ = isNew && password !== confirm;
    setMismatch(differ);
    if (!differ) void accept.run();
  }

  const error = accept.error;
  const shown =
    error instanceof ApiError && error.code === 'INVALID_CREDENTIALS' && password !== ''
      ? new Error(`That is not the password of ${preview.email}.`)
      : error;

  return (
    <AuthFrame
      title={`Join ${organization}`}
      intro={
        <>
          You are invited to <strong>{organization}</strong> on humantime as {withArticle(preview.role)}. The invitation is for{' '}
          <strong className="wrap-anywhere">{preview.email}</strong>.
        </>
      }
    >
      {preview.signed_in_as !== null && !signedInAsInvitee && (
        <div className="notice info" role="status">
          This browser is signed in as <span className="wrap-anywhere">{preview.signed_in_as}</span>. Joining signs you in as{' '}
          <span className="wrap-anywhere">{preview.email}</span> instead.
        </div>
      )}
      {shown !== undefined && <ErrorNotice error={shown} />}
      {mismatch && <ErrorNotice error={new Error('The two passwords differ.')} />}
      <form onSubmit={submit}>
        {signedInAsInvitee && <p>You are signed in as this account: join with one click.</p>}
        {!signedInAsInvitee && !isNew && (
          <>
            <p className="small muted">You already have a humantime account with this email. Enter its password to join.</p>
            <div className="field">
              <label htmlFor="password">Password of {preview.email}</label>
              <input
                id="password"
                type="password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            </div>
          </>
        )}
        {!signedInAsInvitee && isNew && (
          <>
            <p className="small muted">Choose a password for your new account.</p>
            <NewPasswordField label="New password" value={password} onChange={setPassword} />
            <div className="field">
              <label htmlFor="password-again">Repeat the password</label>
              <input
                id="password-again"
                type="password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                autoComplete="new-password"
              />
            </div>
          </>
        )}
        <button type="submit" className="primary block" disabled={accept.busy}>
          {accept.busy ? 'Joining…' : isNew && !signedInAsInvitee ? 'Set password and join' : `Join ${organization}`}
        </button>
      </form>
    </AuthFrame>
  );
}
