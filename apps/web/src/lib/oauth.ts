import { AuthorizationRequestSchema, type AuthorizationRequest, type OAuthScope } from '@humantime/contract/dashboard';

const REQUEST_KEYS = Object.keys(AuthorizationRequestSchema.shape) as Array<keyof AuthorizationRequest>;

/** The consent page's query as an authorization request, or the required parameter it lacks. */
export type RequestFromQuery = { request: AuthorizationRequest } | { missing: 'client_id' | 'redirect_uri' };

/**
 * Reads the authorization request the server forwarded to the consent page. Only the keys the
 * contract knows are kept (the Allow/Deny body is strict), each exactly as received.
 */
export function authorizationRequestFrom(query: URLSearchParams): RequestFromQuery {
  const found: Partial<Record<keyof AuthorizationRequest, string>> = {};
  for (const key of REQUEST_KEYS) {
    const value = query.get(key);
    if (value !== null) found[key] = value;
  }
  const { client_id, redirect_uri } = found;
  if (!client_id) return { missing: 'client_id' };
  if (!redirect_uri) return { missing: 'redirect_uri' };
  return { request: { ...found, client_id, redirect_uri } };
}

/** What each scope lets an app do, in the words the consent page shows. */
export const SCOPE_WORDS: Record<OAuthScope, string> = {
  'humantime.read': 'See your humans, their hours, open times, bookings, calendars and usage',
  'humantime.write': 'Create and change humans and hours, book, hold, reschedule and cancel time, and connect calendars',
};

/** "Read", "Read and write" (or "Write" alone) for a connected app's scopes. */
export function accessLabel(scopes: readonly OAuthScope[]): string {
  const read = scopes.includes('humantime.read');
  const write = scopes.includes('humantime.write');
  if (read && write) return 'Read and write';
  if (write) return 'Write';
  return read ? 'Read' : 'None';
}
