import { isIP } from 'node:net';
import { AppError } from '../../lib/app-error.js';
import { resolveAddresses, type AddressResolver } from '../../lib/resolve-addresses.js';
import { internalAddressKind, isInternalHostName } from './internal-addresses.js';

/** Registration should not hang on a slow resolver; delivery checks again anyway. */
const RESOLVE_TIMEOUT_MS = 3_000;

export interface UrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: internal hosts and plain http allowed (local development). */
  allowPrivate: boolean;
  resolve?: AddressResolver;
  /** What the URL is for, as messages name it: webhooks (default), or calendars, which share this guard. */
  purpose?: string;
}

/** The host as a bare name or address: no IPv6 brackets, no trailing root dot. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/**
 * What is wrong with the URL without asking DNS (scheme, credentials, internal names and
 * IP literals), or undefined. The delivery worker runs this before every attempt and
 * checks resolved addresses at connect time.
 */
export function staticUrlProblem(url: URL, allowPrivate: boolean, purpose = 'webhooks'): string | undefined {
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return allowPrivate ? 'must use http or https' : 'must use https';
  if (url.username || url.password) return 'must not contain credentials (user:password@)';
  if (allowPrivate) return undefined;
  const host = bareHost(url);
  if (isInternalHostName(host)) return `host ${host} is internal; ${purpose} must point at a public host`;
  if (isIP(host)) {
    const kind = internalAddressKind(host);
    if (kind) return `${host} is an internal address (${kind}); ${purpose} must point at a public host`;
  }
  return undefined;
}

async function resolveWithin(resolve: AddressResolver, host: string): Promise<string[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host).then((all) => all.map((a) => a.address)), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The URL as the one endpoint it names (RFC 3986 §6.2.2): without a fragment (never sent) or
 * an empty query (`…/hooks?`), with percent-escapes of unreserved characters decoded
 * (`%67` is `g`) and the others in upper case; the URL parser already lowercased the scheme
 * and host, dropped default ports and resolved dot segments. So one endpoint is one stored
 * URL, and the uniqueness of (organization, url) means one registration per endpoint.
 */
export function endpointOf(url: URL): URL {
  const same = new URL(url.href);
  same.hash = '';
  const decode = (part: string) =>
    part.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape.toUpperCase();
    });
  same.pathname = decode(same.pathname);
  // The getter is '' for an empty query too; setting '' removes the '?'.
  same.search = decode(same.search);
  return same;
}

/**
 * The registration rule for a webhook URL (and a calendar's, `purpose: 'calendars'`): absolute, https, no
 * credentials, and a host that is not internal, neither by name, nor as an IP literal,
 * nor by any address it resolves to. A name that does not resolve (yet) is accepted: it
 * cannot reach anything now, and every delivery checks the addresses it connects to.
 */
export async function checkWebhookUrl(text: string, policy: UrlPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'url: must be an absolute URL, e.g. https://example.com/hooks');
  }
  const purpose = policy.purpose ?? 'webhooks';
  const problem = staticUrlProblem(url, policy.allowPrivate, purpose);
  if (problem) throw new AppError('VALIDATION_ERROR', `url: ${problem}.`);
  const host = bareHost(url);
  if (policy.allowPrivate || isIP(host)) return endpointOf(url);

  const addresses = (await resolveWithin(policy.resolve ?? resolveAddresses, host)) ?? [];
  for (const address of addresses) {
    const kind = internalAddressKind(address);
    if (kind) {
      throw new AppError(
        'VALIDATION_ERROR',
        `url: host ${host} resolves to ${address}, an internal address (${kind}); ${purpose} must point at a public host.`,
      );
    }
  }
  return endpointOf(url);
}
