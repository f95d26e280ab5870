import pg from 'pg';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import { doublingWait } from './backoff.js';

/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'humantime-job-listener';

// Short enough that a database back from a restart is heard from within a couple of seconds.
const RECONNECT = { minMs: 250, maxMs: 2_000 };

export interface NotifyListenerDeps {
  databaseUrl: string;
  /**
   * Each channel LISTENed to and what to call on its notifications (a runner's wake()). Each
   * is also called after every (re)connection.
   */
  channels: Record<string, () => void>;
  logger: Logger;
}

/**
 * Keeps one connection (outside the pool) LISTENing on the jobs' channels, so that a runner
 * wakes when a transaction that wrote its table commits (the table's trigger sends the
 * NOTIFY). A dropped connection is reopened with back-off; after each connection every runner
 * is woken once, since a commit made while nobody listened was not heard. The runners' polls
 * remain the fallback for that gap and for items falling due later, which nobody notifies.
 */
export class NotifyListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;
  private readonly logger: Logger;

  constructor(private readonly deps: NotifyListenerDeps) {
    this.logger = deps.logger.child({ component: 'job-listener' });
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
    client.on('notification', (message) => this.deps.channels[message.channel]?.());
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      for (const channel of Object.keys(this.deps.channels)) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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
    for (const wake of Object.values(this.deps.channels)) wake();
  }

  private reconnectLater(): void {
    const delay = doublingWait(this.failures, RECONNECT);
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}

/**
 * The listener on the direct connection (config.databaseDirectUrl). LISTEN needs a session of
 * its own, which a transaction-mode pooler does not give; without a direct URL there, runners
 * are woken by their polls alone, and that is said once at start.
 */
export function notifyListener(
  config: Pick<Config, 'databaseDirectUrl'>,
  logger: Logger,
  channels: NotifyListenerDeps['channels'],
): NotifyListener | undefined {
  if (config.databaseDirectUrl) return new NotifyListener({ databaseUrl: config.databaseDirectUrl, channels, logger });
  logger.info('DATABASE_POOLER=transaction without DATABASE_DIRECT_URL: background jobs find work by polling alone (no LISTEN)');
  return undefined;
}
