import type { Express, Request } from 'express';

/**
 * Keeps PUBLIC_URL where publicBaseUrl finds it (the app's locals): set once by app.ts.
 * Undefined: the default, http://127.0.0.1 and the port the service listens on.
 */
export function setPublicUrl(app: Express, publicUrl: string | undefined): void {
  app.locals.publicUrl = publicUrl;
}

/**
 * The one base every absolute URL the service gives out is built on: the OAuth issuer and
 * resource, calendar feed links, invitation links, checkout returns, the OpenAPI document's
 * server. PUBLIC_URL when set, else http://127.0.0.1 on the port this request came in on (the
 * port the service listens on). Never the request's Host or X-Forwarded-* headers: a forged
 * header must not move the issuer, the resource tokens are bound to, or a link another person
 * receives.
 */
export function publicBaseUrl(req: Request): string {
  const configured = (req.app.locals as { publicUrl?: string }).publicUrl;
  return configured ?? `http://127.0.0.1:${req.socket.localPort}`;
}

/** A host, with an optional port: a name, an IPv4 address or a bracketed IPv6 one. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the caller reached this request at (its Host header, http or https as the
 * connection was), for a decision about the caller's own page only: whether the reference
 * page's "Try it" must be allowed to reach PUBLIC_URL at another origin. Never a base for a
 * URL the service gives out (publicBaseUrl).
 */
export function reachedOrigin(req: Request): string {
  const host = req.header('host');
  return `${req.secure ? 'https' : 'http'}://${host !== undefined && HOST.test(host) ? host : `127.0.0.1:${req.socket.localPort}`}`;
}
