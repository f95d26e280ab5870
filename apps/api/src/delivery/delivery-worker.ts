import { randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '@humantime/contract';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config.js';
import type { Db, StoreChanges } from '../db/open-store.js';
import { isDatabaseUnavailable, unavailableCause } from '../db/unavailable.js';
import type { Logger } from '../lib/logger.js';
import { claimDeliveries, nextDueAt, releaseAllLeases, type ClaimedDelivery } from './claim-deliveries.js';
import { recordAttempt } from './record-attempt.js';
import { nextState, type NextState } from './retry-schedule.js';
import { createHttpSender, type WebhookSender } from './send-webhook.js';
import { signatureHeader } from './sign-payload.js';

/**
 * Retries and work written by other processes are found by polling about this often (a
 * PostgreSQL NOTIFY wakes a listening worker sooner: listen-for-deliveries.ts).
 */
const POLL_MS = 500;
/**
 * Each nap lasts pollMs ± 25 %, so workers drift apart instead of polling in a fixed
 * phase, where the one that happens to poll first would keep taking nearly all the work.
 */
const pollDelay = (pollMs: number) => pollMs * (0.75 + Math.random() / 2);
/** Attempts in flight at once per worker. */
const CONCURRENCY = 16;
/** A lease outlives the attempt's timeout, so a live holder never loses it mid-attempt. */
const LEASE_MARGIN_MS = 20_000;
/** While the database is away, an attempt's outcome is written again after these waits (doubling). */
const RECORD_RETRY_MIN_MS = 250;
const RECORD_RETRY_MAX_MS = 2_000;

/**
 * What one attempt came to: delivered, failed with a retry scheduled, failed for good, or
 * dropped (not recorded: the webhook was deleted or the lease passed to another worker).
 */
export type DeliveryOutcome = 'delivered' | 'will_retry' | 'failed' | 'dropped';

export interface DeliveryWorkerDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  logger: Logger;
  sender?: WebhookSender;
  /** Embedded store (one process): release leases left by a killed run at start. */
  releaseLeasesAtStart?: boolean;
  workerId?: string;
  /** The poll's period; tests lengthen it so that only a wake-up can explain a prompt delivery. */
  pollMs?: number;
  /** Told each attempt's outcome once it is recorded (the /metrics counter). */
  onAttempt?: (outcome: DeliveryOutcome) => void;
  /**
   * The embedded store's write counters (Store.changes): with them a poll that cannot find
   * anything is skipped without a query (see DeliveryWorker.idle).
   */
  changes?: StoreChanges;
}

/**
 * After a claim that left nothing due behind: the outbox write count it saw and when the next
 * pending delivery falls due (Infinity: none pending).
 */
interface Idle {
  writes: number;
  dueAt: number;
}

/**
 * The webhook outbox worker: claims due deliveries under a lease, POSTs each signed event,
 * and records the attempt. Any number may run against one PostgreSQL database.
 * start() begins the loop; wake() asks for an immediate claim (called after a booking
 * commits); stop() stops claiming and waits for attempts in flight to be recorded.
 */
export class DeliveryWorker {
  readonly workerId: string;
  private readonly sender: WebhookSender;
  private readonly logger: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private interrupt: (() => void) | undefined;
  private idle: Idle | undefined;
  /** The database did not answer the last claim: delivery is paused until it does. */
  private away = false;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.sender = deps.sender ?? createHttpSender();
    this.logger = deps.logger.child({ component: 'delivery-worker', worker_id: this.workerId });
  }

  async start(): Promise<void> {
    if (this.loop) return;
    if (this.deps.releaseLeasesAtStart) {
      const released = await releaseAllLeases(this.deps.db);
      if (released > 0) this.logger.info({ released }, 'released leases left by a previous run');
    }
    this.loop = this.run();
  }

  wake(): void {
    this.woken = true;
    this.interrupt?.();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    await Promise.all([...this.inFlight]);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = CONCURRENCY - this.inFlight.size;
      let claimed = 0;
      if (free > 0 && !this.nothingDue()) {
        try {
          const writes = this.deps.changes?.deliveries;
          const now = this.deps.clock();
          const leaseMs = this.deps.config.webhooks.timeoutMs + LEASE_MARGIN_MS;
          const batch = await claimDeliveries(this.deps.db, { workerId: this.workerId, now, leaseMs, limit: free });
          this.back();
          claimed = batch.length;
          for (const delivery of batch) this.launch(delivery, now.getTime() + leaseMs);
          // The claim itself is one outbox write: count it as seen, and nothing sent after it.
          if (writes !== undefined && claimed < free) {
            const due = await nextDueAt(this.deps.db);
            this.idle = { writes: writes + 1, dueAt: due?.getTime() ?? Infinity };
          }
        } catch (error) {
          this.idle = undefined;
          if (isDatabaseUnavailable(error)) this.gone(error);
          else this.logger.error({ err: error }, 'claiming deliveries failed; retrying at the next poll');
        }
      }
      // A full batch suggests more is due: claim again at once (or when a slot frees up).
      if (claimed > 0 && claimed === free) continue;
      await this.nap();
    }
  }

  /** The database stopped answering: said once, then the poll keeps trying quietly. */
  private gone(error: unknown): void {
    if (this.away) return;
    this.away = true;
    this.logger.warn({ cause: unavailableCause(error) }, 'database unavailable: delivery paused until it answers');
  }

  private back(): void {
    if (!this.away) return;
    this.away = false;
    this.logger.info('database reachable again: delivery resumed');
  }

  /**
   * The embedded store only: true while a claim would find nothing, because no statement has
   * touched the outbox since the last claim that left nothing due, and the next pending
   * delivery is not due yet. Its data directory belongs to this process, so every outbox write
   * there is counted (Store.changes); on a server other processes write, and every poll claims.
   * A poll skipped here costs no query: on PGlite a query runs on this thread and blocked
   * requests for milliseconds twice a second, with nothing to send.
   */
  private nothingDue(): boolean {
    const { changes } = this.deps;
    if (!changes || !this.idle) return false;
    if (changes.deliveries === this.idle.writes && this.deps.clock().getTime() < this.idle.dueAt) return true;
    this.idle = undefined;
    return false;
  }

  /** Sleeps until wake() or the next poll, whichever is first. */
  private nap(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.interrupt = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, pollDelay(this.deps.pollMs ?? POLL_MS));
      this.interrupt = done;
    });
  }

  private launch(delivery: ClaimedDelivery, leaseEndsAt: number): void {
    const attempt = this.attempt(delivery, leaseEndsAt)
      .catch((error: unknown) => {
        // The lease lapses and the attempt is made again: delayed, never lost.
        this.logger.error({ err: error, delivery_id: delivery.id }, 'recording a delivery attempt failed');
      })
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
    this.inFlight.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery, leaseEndsAt: number): Promise<void> {
    const { config, clock, db } = this.deps;
    const attemptedAt = clock();
    const started = performance.now();
    const outcome = await this.sender({
      url: delivery.url,
      body: delivery.body,
      headers: {
        'Content-Type': 'application/json',
        [WEBHOOK_HEADERS.signature]: signatureHeader(delivery.signingSecret, delivery.body, Math.floor(attemptedAt.getTime() / 1000)),
        [WEBHOOK_HEADERS.deliveryId]: delivery.id,
      },
      timeoutMs: config.webhooks.timeoutMs,
      allowPrivate: config.webhooks.allowPrivateUrls,
    });
    const durationMs = Math.round(performance.now() - started);
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const next = nextState(delivery.attempt, delivered, clock(), config.webhooks.retryDelaysMs);
    const record = {
      deliveryId: delivery.id,
      workerId: this.workerId,
      attempt: delivery.attempt,
      attemptedAt,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs,
      next,
    };
    const recorded = await recordWithinLease(() => recordAttempt(db, record), leaseEndsAt, clock);
    this.deps.onAttempt?.(outcomeOf(recorded, next));
    this.logger.info(
      {
        delivery_id: delivery.id,
        webhook_id: delivery.webhookId,
        attempt: delivery.attempt,
        status_code: outcome.statusCode,
        error: outcome.error,
        duration_ms: durationMs,
        outcome: recorded ? next.status : 'dropped',
      },
      'webhook delivery attempt',
    );
  }
}

/**
 * Writes an attempt's outcome, and again while the database is away, for as long as this
 * worker's lease lasts: the receiver already has the delivery, and an outcome written after
 * the outage means it is not sent again. Past the lease another worker may claim it, so the
 * outcome is given up (and the attempt repeated, with the same X-Service-Delivery-Id).
 */
async function recordWithinLease(record: () => Promise<boolean>, leaseEndsAt: number, clock: () => Date): Promise<boolean> {
  for (let wait = RECORD_RETRY_MIN_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
    try {
      return await record();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || clock().getTime() + wait >= leaseEndsAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** An attempt's outcome as /metrics counts it: a failure that will be retried is not final. */
function outcomeOf(recorded: boolean, next: NextState): DeliveryOutcome {
  if (!recorded) return 'dropped';
  if (next.status === 'pending') return 'will_retry';
  return next.status;
}
