import { AppError } from '../../lib/app-error.js';

/** A calendar's address as it is read and stored: no credentials in it. */
export interface CalendarAddress {
  /** https (or http, where allowed) without userinfo: what is sealed and returned. */
  url: string;
  credentials: { username: string; password: string } | undefined;
}

/**
 * Reads the address a client gave: `webcal://` is https, and credentials in the URL's userinfo
 * are taken out (username/password in the body win). The URL is a secret (a feed's address is
 * its password), so errors never repeat it.
 */
export function calendarAddress(input: { url: string; username?: string | undefined; password?: string | undefined }): CalendarAddress {
  let parsed: URL;
  try {
    parsed = new URL(input.url.replace(/^webcal:/i, 'https:'));
  } catch {
    throw new AppError('VALIDATION_ERROR', 'Invalid request: url: must be an absolute https URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new AppError('VALIDATION_ERROR', 'Invalid request: url: must be an https (or webcal) URL.');
  }
  const fromUrl =
    parsed.username || parsed.password
      ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
      : undefined;
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  const username = input.username ?? fromUrl?.username;
  const password = input.password ?? fromUrl?.password;
  return {
    url: parsed.href,
    credentials: username !== undefined || password !== undefined ? { username: username ?? '', password: password ?? '' } : undefined,
  };
}
