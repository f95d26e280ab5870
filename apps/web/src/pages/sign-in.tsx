import { useState, type FormEvent } from 'react';
import { api, ApiError, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { ErrorNotice } from '../components/states.js';
import { Link, navigate, nextQuery, safeNext, useLocation } from '../lib/router.js';
import { signupOpen } from '../lib/signup.js';
import { AuthFrame } from './auth-frame.js';

/** Only in-app paths are followed after sign-in, never another site. */

export function SignInPage() {
  const { query } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useAction(async () => {
    await call(api.account.signIn({ body: { email, password } }), 200);
    navigate(safeNext(query.get('next')), { replace: true });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void signIn.run();
  }

  const error = signIn.error;
  const shown =
    error instanceof ApiError && error.code === 'INVALID_CREDENTIALS' ? new Error('The email or password is incorrect.') : error;

  return (
    <AuthFrame
      title="Sign in"
      intro={
        // Sent here by an app's connection request (/oauth/authorize): say why, the consent page comes next.
        safeNext(query.get('next')).startsWith('/oauth/consent')
          ? 'An app is asking to connect to your organization. Sign in to see what it asks for, then allow or deny it.'
          : 'Manage your organization, API key, humans and bookings.'
      }
    >
      {query.get('signed_out') && error === undefined && (
        <div className="notice info" role="status">
          You are signed out.
        </div>
      )}
      {shown !== undefined && <ErrorNotice error={shown} />}
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="username" />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input
            id="password"
            type="password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        </div>
        <button type="submit" className="primary block" disabled={signIn.busy}>
          {signIn.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="small muted" style={{ marginTop: '1rem' }}>
        {signupOpen() ? (
          <>
            New here? <Link to={`/signup${nextQuery(safeNext(query.get('next')))}`}>Create an organization</Link>
          </>
        ) : (
          'New here? Ask an owner of your organization for an invitation link.'
        )}
      </p>
    </AuthFrame>
  );
}
