import { createApiClient } from './http/api-client.js';
import { DEFAULTS, type HumantimeOptions } from './options.js';
import { BookingsResource } from './resources/bookings.js';
import { CalendarFeedResource } from './resources/calendar-feed.js';
import { EventsResource } from './resources/events.js';
import { HoldsResource } from './resources/holds.js';
import { HumansResource } from './resources/humans.js';
import { OverridesResource } from './resources/overrides.js';
import { CalendarsResource } from './resources/calendars.js';
import { SlotsResource } from './resources/slots.js';
import { SuggestionsResource } from './resources/suggestions.js';
import { UsageResource } from './resources/usage.js';
import { WebhooksResource } from './resources/webhooks.js';

function nonNegative(value: number | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new TypeError(`Humantime: ${name} must be a number >= ${min}, got ${String(value)}`);
  }
  return value;
}

/**
 * The humantime API client. Resources are named after the paths (`humans`, `overrides`,
 * `bookings`, `webhooks`, `usage`), methods after the contract's routes, and fields keep
 * their wire names (snake_case). Successful calls resolve to the response body; failed
 * ones reject with a HumantimeError subclass. Works wherever `fetch` and Web Crypto exist
 * (Node 20+, Deno, Bun, edge runtimes); keep the API key on the server.
 *
 * @example
 * import { Humantime } from '@humantime/sdk';
 *
 * const client = new Humantime({ apiKey: process.env.HUMANTIME_API_KEY!, baseUrl: 'http://127.0.0.1:3000' });
 * const human = await client.humans.create({ name: 'Ada Lovelace', timezone: 'Europe/London' });
 * const booking = await client.bookings.bookFirstAvailable({
 *   human_id: human.id, date_from: '2026-12-01', date_to: '2026-12-05', duration: 30, attendee_name: 'Agent Smith',
 * });
 */
export class Humantime {
  /** People, their weekly schedules and slots. */
  readonly humans: HumansResource;
  /** A human's own calendars, whose busy time blocks their slots. */
  readonly calendars: CalendarsResource;
  /** Blocks and open windows on a human's schedule. */
  readonly overrides: OverridesResource;
  /** Open times across several humans. */
  readonly slots: SlotsResource;
  /** Ranked starts worth offering first, with reasons. */
  readonly suggestions: SuggestionsResource;
  /** Bookings, including `bookFirstAvailable`. */
  readonly bookings: BookingsResource;
  /** Starts kept for a few minutes, then confirmed or released. */
  readonly holds: HoldsResource;
  /** Webhook registrations and their deliveries. */
  readonly webhooks: WebhooksResource;
  /** The month's booking quota. */
  readonly usage: UsageResource;
  /** The feed of booking events, for catching up without webhooks. */
  readonly events: EventsResource;
  /** A human's bookings as a secret subscription URL for calendar apps. */
  readonly calendarFeed: CalendarFeedResource;

  constructor(options: HumantimeOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey.trim() === '') {
      throw new TypeError('Humantime: apiKey is required (an sk_live_... key from your dashboard).');
    }
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`Humantime: baseUrl must be an absolute URL such as https://api.example.com, got ${String(options.baseUrl)}.`);
    }
    if (base.protocol !== 'https:' && base.protocol !== 'http:') {
      throw new TypeError(`Humantime: baseUrl must use http or https, got ${base.protocol}`);
    }
    // Paths in the contract start with /v1, so the base carries no trailing slash.
    const baseUrl = base.href.replace(/\/+$/, '');
    const api = createApiClient(baseUrl, options.apiKey, {
      timeoutMs: nonNegative(options.timeoutMs, DEFAULTS.timeoutMs, 'timeoutMs', 1),
      maxRetries: Math.floor(nonNegative(options.maxRetries, DEFAULTS.maxRetries, 'maxRetries')),
      retryBaseDelayMs: nonNegative(options.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs, 'retryBaseDelayMs'),
      retryMaxDelayMs: nonNegative(options.retryMaxDelayMs, DEFAULTS.retryMaxDelayMs, 'retryMaxDelayMs'),
      fetch: options.fetch,
    });
    this.humans = new HumansResource(api);
    this.calendars = new CalendarsResource(api);
    this.overrides = new OverridesResource(api);
    this.slots = new SlotsResource(api);
    this.suggestions = new SuggestionsResource(api);
    this.bookings = new BookingsResource(
      api,
      (humanId, params, opts) => this.humans.slots(humanId, params, opts),
      (params, opts) => this.slots.forHumans(params, opts),
    );
    this.holds = new HoldsResource(api);
    this.webhooks = new WebhooksResource(api);
    this.usage = new UsageResource(api);
    this.events = new EventsResource(api);
    this.calendarFeed = new CalendarFeedResource(api);
  }
}
