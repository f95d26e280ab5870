import { useState, type FormEvent } from 'react';
import { PLAN_LIMITS } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { NewPasswordField } from '../components/new-password-field.js';
import { SecretOnce } from '../components/secret-once.js';
import { ErrorNotice } from '../components/states.js';
import { formatNumber } from '../lib/format.js';
import { Link, navigate, nextQuery, safeNext, useLocation } from '../lib/router.js';
import { signupOpen } from '../lib/signup.js';
import { AuthFrame } from './auth-frame.js';

/** Sign-up: organization + first account; the API key is shown once on success. */
export function SignUpPage() {
  return signupOpen() ? <SignUpForm /> : <SignUpClosed />;
}

/** DASHBOARD_SIGNUP=closed: no form, and how to get in instead (the server sends the same page). */
function SignUpClosed() {
  return (
    <AuthFrame title="Sign-up is closed" intro="New organizations are not created here. People join an organization by invitation.">
      <p>
        Ask an owner of your organization, or the operator who runs this service, for an invitation link. Opening it lets you set your
        password and sign in.
      </p>
      <p className="small muted">
        Already have an account? <Link to="/signin">Sign in</Link>
      </p>
    </AuthFrame>
  );
}

function SignUpForm() {
  // Sent here from a sign-in on the way somewhere (an app asking to connect): go on there after.
  const next = safeNext(useLocation().query.get('next'));
  const [organizationName, setOrganizationName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState<string | null>(null);
  const signUp = useAction(async () => {
    const answer = await call(api.account.signUp({ body: { organization_name: organizationName, email, password } }), 201);
    setApiKey(answer.api_key);
  });

  if (apiKey) {
    return (
      <AuthFrame title="Your API key" intro="Your organization is ready on the Free plan. Agents call the API with this key.">
        <SecretOnce title="API key" value={apiKey} testId="new-api-key" />
        <p className="small muted">
          Send it as <code>Authorization: Bearer …</code> to <code>/v1</code>. Lost it? Regenerate a new one from the Overview.
        </p>
        <button type="button" className="primary" onClick={() => navigate(next, { replace: true })}>
          {next === '/' ? 'Continue to the dashboard' : 'Continue'}
        </button>
      </AuthFrame>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void signUp.run();
  }

  return (
    <AuthFrame
      title="Create your organization"
      intro={`Start on the Free plan: ${formatNumber(PLAN_LIMITS.free.monthlyQuota)} bookings a month, no card needed.`}
    >
      {signUp.error !== undefined && <ErrorNotice error={signUp.error} />}
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="org-name">Organization name</label>
          <input
            id="org-name"
            required
            maxLength={200}
            value={organizationName}
            onChange={(e) => setOrganizationName(e.target.value)}
            autoComplete="organization"
          />
        </div>
        <div className="field">
          <label htmlFor="email">Work email</label>
          <input id="email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </div>
        <NewPasswordField label="Password" value={password} onChange={setPassword} />
        <button type="submit" className="primary block" disabled={signUp.busy}>
          {signUp.busy ? 'Creating…' : 'Create organization'}
        </button>
      </form>
      <p className="small muted" style={{ marginTop: '1rem' }}>
        Already have an account? <Link to={`/signin${nextQuery(next)}`}>Sign in</Link>
      </p>
    </AuthFrame>
  );
}
