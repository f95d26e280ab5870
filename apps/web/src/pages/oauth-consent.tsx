import { useMemo, useState } from 'react';
import type { AuthorizationRequest, Consent } from '@humantime/contract/dashboard';
import { api, ApiError, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { useSession } from '../components/session.js';
import { ErrorNotice, Loading } from '../components/states.js';
import { planName } from '../lib/format.js';
import { authorizationRequestFrom, SCOPE_WORDS } from '../lib/oauth.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import { AuthFrame } from './auth-frame.js';

type Decision = 'allow' | 'deny';

/** A request the server refuses to honour: shown here, never sent back to the app. */
function isUnusable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'OAUTH_REQUEST_INVALID';
}

/**
 * The OAuth consent page: /oauth/authorize checked an agent app's request and sent the
 * browser here with the same query. The person sees who asks, where it returns and what it
 * may do, and allows or denies; the server answers where to send the browser.
 */
export function OAuthConsentPage() {
  const search = useLocation().query.toString();
  const parsed = useMemo(() => authorizationRequestFrom(new URLSearchParams(search)), [search]);
  if ('missing' in parsed) return <UnusableLink message={`The link has no ${parsed.missing}. Start connecting again from the app.`} />;
  return <ConsentLoader key={search} request={parsed.request} />;
}

function UnusableLink({ message }: { message: string }) {
  return (
    <AuthFrame title="This sign-in link cannot be used" focusTitle>
      <ErrorNotice error={new Error(message)} />
      <p>Nothing was shared with the app. Start connecting again from the app; if this keeps happening, tell the people who make it.</p>
      <Link to="/">Go to the dashboard overview</Link>
    </AuthFrame>
  );
}

function ConsentLoader({ request }: { request: AuthorizationRequest }) {
  const consent = useLoad(() => call(api.oauth.getConsent({ query: request }), 200), 'consent');

  if (isUnusable(consent.error)) return <UnusableLink message={consent.error.message} />;
  if (consent.data) return <ConsentForm request={request} consent={consent.data} />;
  return (
    <AuthFrame title="Connect an app to humantime" focusTitle>
      {consent.error !== undefined ? <ErrorNotice error={consent.error} onRetry={consent.reload} /> : <Loading what="the app's request" />}
    </AuthFrame>
  );
}

function ConsentForm({ request, consent }: { request: AuthorizationRequest; consent: Consent }) {
  const { client, organizations, redirect_host, scopes } = consent;
  const [organizationId, setOrganizationId] = useState(organizations[0]?.organization_id);
  const [choice, setChoice] = useState<Decision | null>(null);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const decide = useAction(async (decision: Decision) => {
    setChoice(decision);
    const body = { ...request, decision, organization_id: organizationId };
    const { redirect_to } = await call(api.oauth.decide({ body }), 200);
    setLeavingTo(redirect_to);
    // A full navigation out of the dashboard: to the app's site, a loopback port or an app link.
    window.location.assign(redirect_to);
  });
  const locked = decide.busy || leavingTo !== null;

  if (isUnusable(decide.error)) return <UnusableLink message={decide.error.message} />;

  return (
    <AuthFrame title={`Connect ${client.name} to humantime`} focusTitle>
      <section className="consent-app" aria-label="The app asking">
        <div className="row">
          <strong>{client.name}</strong>
          <span className="badge warn">Unverified</span>
        </div>
        <p className="small muted">
          {client.uri ? 'The app gave this name and home page itself' : 'The app gave this name itself'}; humantime has not checked
          {client.uri ? ' them' : ' it'}.
        </p>
        {client.uri && <p className="small mono wrap-anywhere">{client.uri}</p>}
      </section>
      <p>
        It will return you to <strong className="wrap-anywhere">{redirect_host}</strong>.
      </p>
      <OrganizationChoice organizations={organizations} value={organizationId} onChange={setOrganizationId} disabled={locked} />
      <h2 className="consent-subhead">It will be able to</h2>
      <ul className="consent-scopes">
        {scopes.map((scope) => (
          <li key={scope}>{SCOPE_WORDS[scope]}</li>
        ))}
      </ul>
      {decide.error !== undefined && <ErrorNotice error={decide.error} />}
      {leavingTo !== null && (
        <div className="notice info" role="status">
          Sending you back to {redirect_host}… If nothing happens, <a href={leavingTo}>continue to the app</a>.
        </div>
      )}
      <div className="consent-actions">
        <button type="button" onClick={() => void decide.run('deny')} disabled={locked}>
          {decide.busy && choice === 'deny' ? 'Denying…' : 'Deny'}
        </button>
        <button type="button" className="primary" onClick={() => void decide.run('allow')} disabled={locked}>
          {decide.busy && choice === 'allow' ? 'Allowing…' : 'Allow'}
        </button>
      </div>
      <SignedInAs />
    </AuthFrame>
  );
}

type ChoiceProps = {
  organizations: Consent['organizations'];
  value: string | undefined;
  onChange: (organizationId: string) => void;
  disabled: boolean;
};

/** A choice only when there is one to make; otherwise the organization, named. */
function OrganizationChoice({ organizations, value, onChange, disabled }: ChoiceProps) {
  const [only] = organizations;
  if (organizations.length === 1 && only) {
    return (
      <p>
        It will act for <strong className="wrap-anywhere">{only.name}</strong>.
      </p>
    );
  }
  if (organizations.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor="consent-organization">Organization it will act for</label>
      <select id="consent-organization" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {organizations.map((o) => (
          <option key={o.organization_id} value={o.organization_id}>
            {o.name} ({planName(o.plan)} plan)
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who is allowing, and a way out for someone else at this browser. */
function SignedInAs() {
  const { session } = useSession();
  const signOut = useAction(async () => {
    try {
      await call(api.account.signOut(), 204);
    } finally {
      const here = `/oauth/consent${window.location.search}`;
      navigate(`/signin?signed_out=1&next=${encodeURIComponent(here)}`, { replace: true });
    }
  });
  return (
    <p className="small muted consent-account">
      Signed in as <span className="wrap-anywhere">{session.account.email}</span>.{' '}
      <button type="button" className="link-button" onClick={() => void signOut.run()} disabled={signOut.busy}>
        {signOut.busy ? 'Signing out…' : 'Not you? Sign out'}
      </button>
    </p>
  );
}
