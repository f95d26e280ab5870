import { SESSION_COOKIE_NAME } from '@humantime/contract/dashboard';
import type { Request, Response } from 'express';

/** The cookie is sent only to the dashboard's pages and API, never to /v1 or /admin. */
const COOKIE_PATH = '/dashboard';

/** The session token from the Cookie header, if any. */
export function sessionToken(req: Request): string | undefined {
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE_NAME) {
      const value = part.slice(eq + 1).trim();
      return value || undefined;
    }
  }
  return undefined;
}

/**
 * Secure whenever the browser reached us over https, directly or through a proxy that
 * terminated TLS; over plain http (local development) a Secure cookie would never be sent.
 */
function overHttps(req: Request): boolean {
  return req.secure || req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

function write(req: Request, res: Response, value: string, maxAgeSeconds: number) {
  const attributes = [
    `${SESSION_COOKIE_NAME}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(overHttps(req) ? ['Secure'] : []),
  ];
  res.append('Set-Cookie', attributes.join('; '));
}

/** The cookie lives until the session's absolute expiry; idle expiry is the server's call. */
export function setSessionCookie(
  req: Request,
  res: Response,
  { token, startedAt, expiresAt }: { token: string; startedAt: Date; expiresAt: Date },
) {
  write(req, res, token, Math.max(0, Math.floor((expiresAt.getTime() - startedAt.getTime()) / 1000)));
}

export function clearSessionCookie(req: Request, res: Response) {
  write(req, res, '', 0);
}
