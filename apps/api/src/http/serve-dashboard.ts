import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { AppError } from '../lib/app-error.js';

// Vite writes content-hashed files under assets/: a new build gives new names, so they can
// be cached for a year. index.html names the current ones, so it must be revalidated.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HASHED_DIR = 'assets/';

/**
 * The pages load nothing from another origin and must not be framed (a click on
 * "Regenerate key" must be the user's own): the policy makes both a browser rule.
 */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>humantime dashboard not built</title></head>
<body><h1>The dashboard has not been built</h1>
<p>The API is running, but the dashboard pages are missing. Build them with
<code>pnpm --filter @humantime/web build</code> (<code>pnpm start</code> does this for you), then reload.</p></body></html>`;

/** Tells the pages that sign-up is closed (apps/web reads it: lib/signup.ts). */
const SIGNUP_CLOSED_META = '<meta name="humantime-signup" content="closed" />';

/**
 * The closed sign-up page as the server sends it, in the markup the pages render, so a
 * reader without JavaScript (or before it runs) sees it too, and no form.
 */
const SIGNUP_CLOSED_PAGE =
  '<main class="auth"><div class="card"><div class="brand"><span class="brand-mark" aria-hidden="true">ht</span>humantime</div>' +
  '<h1>Sign-up is closed</h1>' +
  '<p class="muted">New organizations are not created here. People join an organization by invitation.</p>' +
  '<p>Ask an owner of your organization, or the operator who runs this service, for an invitation link. ' +
  'Opening it lets you set your password and sign in.</p>' +
  '<p class="small muted">Already have an account? <a href="/dashboard/signin">Sign in</a></p></div></main>';

/** index.html as served while sign-up is closed: the marker, and on /signup the page itself. */
function withSignupClosed(html: string, route: string): string {
  const marked = html.replace('</head>', `${SIGNUP_CLOSED_META}</head>`);
  return route === 'signup' ? marked.replace('<div id="root"></div>', `<div id="root">${SIGNUP_CLOSED_PAGE}</div>`) : marked;
}

/**
 * Serves the built pages mounted at /dashboard: a file that exists is sent as-is; a
 * missing hashed asset is 404; any other path is a client route and gets index.html, so
 * /dashboard/bookings/123 can be deep-linked. /dashboard/api is left to the API routes.
 * With sign-up closed, index.html says so (see withSignupClosed).
 */
export function serveDashboard(distDir: string, signup: 'open' | 'closed' = 'open'): RequestHandler {
  const root = path.resolve(distDir);
  const send = (res: Response, relative: string, cacheControl: string) =>
    new Promise<void>((resolve, reject) => {
      res.sendFile(
        relative,
        { root, dotfiles: 'deny', cacheControl: false, lastModified: false, headers: { ...PAGE_HEADERS, 'Cache-Control': cacheControl } },
        (error) => (error ? reject(error) : resolve()),
      );
    });

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    const file = path.resolve(root, relative);
    // Outside the build directory (../ in any spelling): not ours to serve.
    if (file !== root && !file.startsWith(root + path.sep)) return next();
    (async () => {
      if (relative && !relative.endsWith('/') && (await isFile(file))) {
        return send(res, relative, relative.startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
      }
      if (relative.startsWith(HASHED_DIR)) throw new AppError('NOT_FOUND', `No dashboard asset ${req.path}.`);
      if (!(await isFile(path.join(root, 'index.html')))) {
        res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '30' }).type('html').send(NOT_BUILT);
        return;
      }
      if (signup === 'open') return send(res, 'index.html', REVALIDATE);
      const html = await readFile(path.join(root, 'index.html'), 'utf8');
      res
        .status(200)
        .set({ ...PAGE_HEADERS, 'Cache-Control': REVALIDATE })
        .type('html')
        .send(withSignupClosed(html, relative.replace(/\/+$/, '')));
    })().catch(next);
  };
}
