/**
 * Which redirect URIs an app may register, and when one sent to /oauth/authorize is one of
 * them (RFC 8252 for native apps, OAuth 2.1 for the rest):
 * - https anywhere; http only on a loopback host (127.0.0.1, [::1], localhost);
 * - a private-use scheme (`com.example.app:/callback`, `cursor://…`), except schemes a browser
 *   would run or read (javascript:, data:, file:…);
 * - never a fragment.
 * Matching is exact, except that a loopback http URI may name another port (RFC 8252 §7.3):
 * a native app listens on whatever port is free when it signs in.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
const REFUSED_SCHEMES = new Set(['javascript', 'data', 'file', 'vbscript', 'blob', 'about', 'ws', 'wss', 'ftp', 'mailto', 'tel']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/** What is wrong with a redirect URI an app registers; null when it may be used. */
export function redirectUriProblem(uri: string): string | null {
  const url = parse(uri);
  if (!url) return `${uri} is not an absolute URI`;
  if (url.hash || uri.includes('#')) return `${uri} must not have a fragment`;
  if (url.username || url.password) return `${uri} must not carry credentials`;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? null
      : `${uri}: http is allowed only on a loopback host (127.0.0.1, [::1], localhost); use https`;
  }
  const scheme = url.protocol.slice(0, -1);
  if (REFUSED_SCHEMES.has(scheme)) return `${uri}: the ${scheme}: scheme cannot be a redirect URI`;
  return null;
}

/** A loopback http URI as written, up to its port, and its port: `http://127.0.0.1` `:8080` `/cb`. */
const LOOPBACK_HTTP = /^(http:\/\/(?:127\.0\.0\.1|\[::1\]|localhost))(?::(\d{1,5}))?([/?].*)?$/;

/** A loopback http URI with its port left out, character for character otherwise; else undefined. */
function withoutPort(uri: string): string | undefined {
  const match = LOOPBACK_HTTP.exec(uri);
  if (!match || uri.includes('#') || !parse(uri)) return undefined;
  if (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65_535)) return undefined;
  return `${match[1]}${match[3] ?? ''}`;
}

/**
 * Whether `given` is one of `registered`: exactly, or a loopback http URI on another port.
 * Compared as written, not as parsed: credentials (`http://user@127.0.0.1/cb`) or dot-segments
 * (`/x/../cb`) a parser would fold away make another URI.
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  const asked = withoutPort(given);
  return asked !== undefined && registered.some((uri) => withoutPort(uri) === asked);
}

/** What the consent page names as "where you go back to": the host, or the app's own scheme. */
export function redirectHost(uri: string): string {
  const url = parse(uri);
  if (!url) return uri;
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.host : `${url.protocol}//${url.host}`.replace(/\/\/$/, '');
}
