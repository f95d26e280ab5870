import { findBadStrings } from '@humantime/contract';
import type { OAuthScope } from '@humantime/contract/dashboard';
import { OAUTH_SCOPES } from '@humantime/contract/dashboard';

/** The path of the one protected resource: tokens are bound to `<base>/mcp` and work nowhere else. */
export const MCP_PATH = '/mcp';

/** Lifetimes: a code 60 s, an access token 1 h, a refresh token 30 days. */
export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_MS = 3_600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3_600_000;

/** A registered client that no person connected within a day is deleted. */
export const UNUSED_CLIENT_TTL_MS = 24 * 3_600_000;

/** A client ID metadata document is read again when the copy kept is older than this. */
export const CLIENT_DOCUMENT_MAX_AGE_MS = 3_600_000;

/** Token prefixes: say what a string is in a log or a leaked-secret scan, never whose it is. */
export const ACCESS_TOKEN_PREFIX = 'hto_at_';
export const REFRESH_TOKEN_PREFIX = 'hto_rt_';
export const CODE_PREFIX = 'hto_ac_';

export function resourceOf(baseUrl: string): string {
  return `${baseUrl}${MCP_PATH}`;
}

/** "humantime.read humantime.write" → the known scopes in it; undefined when any is unknown. */
export function parseScopes(scope: string | undefined): OAuthScope[] | undefined {
  if (scope === undefined || scope.trim() === '') return [...OAUTH_SCOPES];
  const asked = scope.trim().split(/\s+/);
  if (!asked.every((s): s is OAuthScope => (OAUTH_SCOPES as readonly string[]).includes(s))) return undefined;
  return OAUTH_SCOPES.filter((s) => asked.includes(s));
}

export const OAUTH_SCOPE_LIST = OAUTH_SCOPES;

export const mayWrite = (scopes: readonly string[]) => scopes.includes('humantime.write');

/** The longest client_id or redirect URI (the consent page's API takes no longer). */
export const MAX_URI_LENGTH = 2048;

/** A registered client's name: enough for any app's, short enough for the consent page. */
export const MAX_CLIENT_NAME_LENGTH = 200;

/**
 * Characters an app's name may not hold: controls, and the bidirectional formatting ones
 * (embeddings, overrides, isolates, marks) with which a name could reorder the consent page's
 * own words around it ("Connect … to humantime").
 */
// eslint-disable-next-line no-control-regex
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether a client_name holds such a character (registration refuses it). */
export const unshowableName = (name: string): boolean => new RegExp(UNSHOWABLE.source).test(name);

/** An app's name as a page shows it: without those characters, else its client_id. */
export function shownClientName(name: string | null | undefined, clientId: string): string {
  return name?.replace(UNSHOWABLE, '').trim() || clientId;
}

/** The first string of a request's parameters PostgreSQL cannot hold (U+0000, a lone surrogate), as "name: why". */
export function badTextIn(value: unknown): string | undefined {
  const [issue] = findBadStrings(value).issues;
  return issue && `${issue.path.join('.') || 'body'}: ${issue.message}`;
}
