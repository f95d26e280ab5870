import pg from 'pg';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';

/** The channel the deliveries triggers notify (migration 20261124100000_delivery_notify). */
export const DELIVERIES_CHANNEL = 'humantime_deliveries';
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'humantime-delivery-listener';

const RECONNECT_MIN_MS = 250;
// Short enough that a database back from a restart is heard from within a couple of seconds.
const RECONNECT_MAX_MS = 2_000;

export interface DeliveryListenerDeps {
  databaseUrl: string;
  /** Called on every notification, and after each (re)connection. */
  onNotify: () => void;
  logger: Logger;
}

/**
 * Keeps one connection (outside the pool) LISTENing on humantime_deliveries and calls
 * `onNotify` (the worker's wake()) when a transaction that wrote deliveries commits. A
 * dropped connection is reopened with backoff; after each connection the worker is woken
 * once, since a commit made while nobody listened was not heard. The worker's poll remains
 * the fallback for that gap and for retries falling due, which nobody notifies.
 */
export class DeliveryListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;
  private readonly logger: Logger;

  constructor(private readonly deps: DeliveryListenerDeps) {
    this.logger = deps.logger.child({ component: 'delivery-listener' });
  }

  /** Resolves after the first attempt to connect, whether or not it succeeded. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.deps.databaseUrl, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.stopped) return;
      // Said once per outage; the attempts to reconnect meanwhile are not news.
      if (this.failures === 0) {
        this.logger.warn({ cause: error?.message }, 'the LISTEN connection dropped; reconnecting (the poll covers the gap)');
      }
      this.reconnectLater();
    };
    client.on('notification', () => this.deps.onNotify());
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    if (this.failures > 0) this.logger.info('the LISTEN connection is back');
    this.failures = 0;
    this.deps.onNotify();
  }

  private reconnectLater(): void {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.failures);
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}

/**
 * The listener on the direct connection (config.databaseDirectUrl). LISTEN needs a session of
 * its own, which a transaction-mode pooler does not give; without a direct URL there, workers
 * are woken by their poll alone (every 500 ms), and that is said once at start.
 */
export function deliveryListener(config: Pick<Config, 'databaseDirectUrl'>, logger: Logger, onNotify: () => void): DeliveryListener | undefined {
  if (config.databaseDirectUrl) return new DeliveryListener({ databaseUrl: config.databaseDirectUrl, onNotify, logger });
  logger.info('DATABASE_POOLER=transaction without DATABASE_DIRECT_URL: deliveries are found by the poll alone (no LISTEN)');
  return undefined;
}
