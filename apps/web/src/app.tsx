import { Fragment, useEffect, useMemo, type ReactNode } from 'react';
import { api, ApiError, call, onSignedOut, showOrganization } from './api/client.js';
import { useLoad } from './api/use-load.js';
import { SessionContext } from './components/session.js';
import { Shell } from './components/shell.js';
import { ErrorNotice, Loading } from './components/states.js';
import { AcceptInvitePage } from './pages/accept-invite.js';
import { BillingPage } from './pages/billing.js';
import { BookingDetailPage } from './pages/booking-detail.js';
import { BookingsPage } from './pages/bookings.js';
import { ConnectedAppsPage } from './pages/connected-apps.js';
import { HumanDetailPage } from './pages/human-detail.js';
import { HumansPage } from './pages/humans.js';
import { OAuthConsentPage } from './pages/oauth-consent.js';
import { OverviewPage } from './pages/overview.js';
import { PlanPage } from './pages/plan.js';
import { SignInPage } from './pages/sign-in.js';
import { SignUpPage } from './pages/sign-up.js';
import { TeamPage } from './pages/team.js';
import { WebhookDetailPage } from './pages/webhook-detail.js';
import { WebhooksPage } from './pages/webhooks.js';
import { Link, match, navigate, useLocation } from './lib/router.js';

type Route = {
  pattern: string;
  title: string;
  render: (params: Record<string, string>) => ReactNode;
  /** Signed in, but in the centred frame of the sign-in page instead of the sidebar shell. */
  bare?: boolean;
};

const PUBLIC: Route[] = [
  { pattern: '/signup', title: 'Sign up', render: () => <SignUpPage /> },
  { pattern: '/signin', title: 'Sign in', render: () => <SignInPage /> },
  { pattern: '/accept-invite', title: 'Accept invite', render: () => <AcceptInvitePage /> },
];

const SIGNED_IN: Route[] = [
  { pattern: '/', title: 'Overview', render: () => <OverviewPage /> },
  { pattern: '/plan', title: 'Plan', render: () => <PlanPage /> },
  { pattern: '/humans', title: 'Humans', render: () => <HumansPage /> },
  { pattern: '/humans/:id', title: 'Human', render: (p) => <HumanDetailPage key={p.id} humanId={p.id!} /> },
  { pattern: '/bookings', title: 'Bookings', render: () => <BookingsPage /> },
  { pattern: '/bookings/:id', title: 'Booking', render: (p) => <BookingDetailPage key={p.id} bookingId={p.id!} /> },
  { pattern: '/webhooks', title: 'Webhooks', render: () => <WebhooksPage /> },
  { pattern: '/webhooks/:id', title: 'Delivery log', render: (p) => <WebhookDetailPage key={p.id} webhookId={p.id!} /> },
  { pattern: '/connected-apps', title: 'Connected apps', render: () => <ConnectedAppsPage /> },
  { pattern: '/team', title: 'Team', render: () => <TeamPage /> },
  { pattern: '/billing', title: 'Billing', render: () => <BillingPage /> },
  // Where /oauth/authorize sends the browser, with the app's request in the query.
  { pattern: '/oauth/consent', title: 'Connect an app', render: () => <OAuthConsentPage />, bare: true },
];

function find(routes: Route[], path: string) {
  for (const route of routes) {
    const params = match(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

export function App() {
  const { path } = useLocation();
  const publicRoute = find(PUBLIC, path);
  const title = (publicRoute ?? find(SIGNED_IN, path))?.route.title ?? 'Not found';

  useEffect(() => {
    document.title = `${title} · humantime`;
  }, [title]);

  if (publicRoute) return <>{publicRoute.route.render(publicRoute.params)}</>;
  return <SignedIn path={path} />;
}

/** Everything behind a session: loads it once, and sends to sign-in when it is gone. */
function SignedIn({ path }: { path: string }) {
  const session = useLoad(() => call(api.account.getSession(), 200), 'session');

  useEffect(
    () =>
      onSignedOut(() => {
        const here = window.location.pathname.replace(/^\/dashboard/, '') || '/';
        navigate(`/signin?next=${encodeURIComponent(here + window.location.search)}`, { replace: true });
      }),
    [],
  );

  const context = useMemo(() => (session.data ? { session: session.data, refresh: session.reload } : null), [session.data, session.reload]);
  // Set while rendering, before any page below loads with it.
  if (session.data) showOrganization(session.data.organization.organization_id);

  if (session.error instanceof ApiError && session.error.status === 401) return <Loading what="the sign-in page" />;
  if (session.error !== undefined) {
    return (
      <main className="auth">
        <div className="card">
          <ErrorNotice error={session.error} onRetry={session.reload} />
        </div>
      </main>
    );
  }
  if (!context)
    return (
      <main className="auth">
        <Loading what="your dashboard" />
      </main>
    );

  const found = find(SIGNED_IN, path);
  if (found?.route.bare) return <SessionContext.Provider value={context}>{found.route.render(found.params)}</SessionContext.Provider>;
  return (
    <SessionContext.Provider value={context}>
      <Shell>
        {found ? (
          // Keyed by organization: after a switch every page loads afresh, nothing of the one left shows.
          <Fragment key={context.session.organization.organization_id}>{found.route.render(found.params)}</Fragment>
        ) : (
          <div className="card empty">
            <h1>Page not found</h1>
            <p>
              There is nothing at this address. <Link to="/">Go to the Overview</Link>.
            </p>
          </div>
        )}
      </Shell>
    </SessionContext.Provider>
  );
}
