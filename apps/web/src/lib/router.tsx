import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A small History-API router. The dashboard has a dozen flat routes, so a dependency
 * with loaders and nested layouts would be more to learn than to read. Paths inside the
 * app are written without the /dashboard base; the browser's URL carries it.
 */
export const BASE = '/dashboard';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The app path (without the base) and query string of the current URL. */
function snapshot(): string {
  const { pathname, search } = window.location;
  const inner = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return (inner === '' ? '/' : inner) + search;
}

export function useLocation(): { path: string; query: URLSearchParams } {
  const current = useSyncExternalStore(subscribe, snapshot);
  // At the first "?" only: a query value may hold another (an OAuth state, say).
  const at = current.indexOf('?');
  const path = at === -1 ? current : current.slice(0, at);
  const search = at === -1 ? '' : current.slice(at + 1);
  return { path: path.length > 1 ? path.replace(/\/$/, '') : path, query: new URLSearchParams(search) };
}

export function href(to: string): string {
  return to === '/' ? `${BASE}` : `${BASE}${to}`;
}

export function navigate(to: string, options: { replace?: boolean } = {}) {
  const url = href(to);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

/** Matches "/humans/:id" against a path; returns the params or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** An anchor that navigates in-app on a plain click and behaves natively otherwise. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  function handle(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={href(to)} onClick={handle} {...rest} />;
}

/** A `next` query value that stays inside the dashboard ("/…", never "//host"); else "/". */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** `?next=…` for a link to sign-in or sign-up that must come back to `next`; empty for "/". */
export function nextQuery(next: string): string {
  return next === '/' ? '' : `?next=${encodeURIComponent(next)}`;
}
