import { useState, type FormEvent } from 'react';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { NewPasswordField } from '../components/new-password-field.js';
import { ErrorNotice } from '../components/states.js';
import { Link, navigate } from '../lib/router.js';
import { AuthFrame } from './auth-frame.js';

/** The invite token travels in the URL fragment, so no server log or Referer sees it. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

export function AcceptInvitePage() {
  const [token] = useState(tokenFromFragment);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const accept = useAction(async () => {
    await call(api.account.acceptInvite({ body: { token, password } }), 200);
    navigate('/', { replace: true });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) void accept.run();
  }

  if (!token) {
    return (
      <AuthFrame title="Invite link incomplete">
        <p>This page needs the whole link from your invitation. Open the link again, or ask the person who invited you for a new one.</p>
        <Link to="/signin">Go to sign in</Link>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Set your password" intro="You were invited to an organization on humantime. Choose a password to finish.">
      {accept.error !== undefined && <ErrorNotice error={accept.error} />}
      {mismatch && <ErrorNotice error={new Error('The two passwords differ.')} />}
      <form onSubmit={submit}>
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
        <button type="submit" className="primary block" disabled={accept.busy}>
          {accept.busy ? 'Saving…' : 'Set password and sign in'}
        </button>
      </form>
    </AuthFrame>
  );
}
