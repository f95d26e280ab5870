import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api, call } from '../api/client.js';
import { Link, navigate, useLocation } from '../lib/router.js';
import { roleName } from '../lib/roles.js';
import { OrganizationSwitcher } from './organization-switcher.js';
import { useSession } from './session.js';
import '../team.css';

const NAV = [
  { to: '/', label: 'Overview' },
  { to: '/plan', label: 'Plan' },
  { to: '/humans', label: 'Humans' },
  { to: '/bookings', label: 'Bookings' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/connected-apps', label: 'Connected apps' },
  { to: '/team', label: 'Team' },
  { to: '/billing', label: 'Billing' },
];

function isCurrent(to: string, path: string): boolean {
  return to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
}

/** The signed-in layout: sidebar (a menu on narrow screens) and the page. */
export function Shell({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const { path } = useLocation();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(path);

  useEffect(() => {
    setOpen(false);
    // After a move to another page, focus goes to the page, so a screen reader says where it is
    // (not on the first page shown: the browser put focus where the person expects it).
    if (path !== firstPath.current) {
      firstPath.current = '';
      main.current?.focus({ preventScroll: true });
    }
  }, [path]);

  // Escape closes the open menu (phones) and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  async function signOut() {
    setSigningOut(true);
    try {
      await call(api.account.signOut(), 204);
    } finally {
      // Even if the request failed the cookie may be gone; the sign-in page will tell.
      navigate('/signin?signed_out=1', { replace: true });
    }
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className={`sidebar${open ? ' open' : ''}`}>
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ht
          </span>
          humantime
        </Link>
        {session.organizations.length <= 1 && (
          <div className="org-name">
            {session.organization.name} · {roleName(session.role)}
          </div>
        )}
        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
        {/* After the menu button: on a phone it opens with the menu. */}
        {session.organizations.length > 1 && <OrganizationSwitcher />}
        <nav id="main-nav" className="nav" aria-label="Main">
          {NAV.map((item) => (
            <Link key={item.to} to={item.to} aria-current={isCurrent(item.to, path) ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="sidebar-foot">
          <span className="user">Signed in as {session.account.email}</span>
          <button type="button" onClick={() => void signOut()} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </aside>
      <main className="main" id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
    </div>
  );
}
