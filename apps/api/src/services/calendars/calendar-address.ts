import { AppError } from '../../lib/app-error.js';
import { calendarAddress as readAddress } from './read-calendar.js';

/** A calendar's address as it is read and stored: no credentials in it. */
export interface CalendarAddress {
  /** https (or http, where allowed) without userinfo: what is sealed and returned. */
  url: string;
  credentials: { username: string; password: string } | undefined;
}

/**
 * The address a client gave, as the reader reads it (`webcal://` is https, credentials in the
 * URL's userinfo are taken out); username/password in the body win over the URL's. The URL is a
 * secret (a feed's address is its password), so the refusal never repeats it.
 */
export function calendarAddress(input: { url: string; username?: string | undefined; password?: string | undefined }): CalendarAddress {
  const read = readAddress(input.url);
  if (!read) throw new AppError('VALIDATION_ERROR', 'Invalid request: url: must be an absolute https (or webcal) URL.');
  const username = input.username ?? read.credentials?.username;
  const password = input.password ?? read.credentials?.password;
  return {
    url: read.url.href,
    credentials: username !== undefined || password !== undefined ? { username: username ?? '', password: password ?? '' } : undefined,
  };
}

/**
 * What makes two addresses the same calendar, for the one-URL-per-human rule: the address
 * without an empty query ("…/feed.ics?") or a path's trailing slash ("…/calendar/" is the
 * collection "…/calendar"). The address itself is kept as given: servers may care.
 */
export function calendarIdentity(url: string): string {
  const parsed = new URL(url);
  if (parsed.pathname.length > 1 && parsed.pathname.endsWith('/')) parsed.pathname = parsed.pathname.replace(/\/+$/, '') || '/';
  return parsed.href.replace(/\?$/, '');
}
