import { WEBHOOK_HEADERS } from '@humantime/contract';
import { performance } from 'node:perf_hooks';
import type { Config } from '../../config.js';
import type { Db, StoreChanges } from '../../db/open-store.js';
import type { Logger } from '../../lib/logger.js';
import type { HeldLease, Job } from '../runner/job.js';
import { JobRunner } from '../runner/job-runner.js';
import { writeWithinLease } from '../runner/within-lease.js';
import { claimDeliveries, nextDueAt, releaseAllLeases, type ClaimedDelivery } from './claim-deliveries.js';
import { recordAttempt } from './record-attempt.js';
import { nextState, type NextState } from './retry-schedule.js';
import { createHttpSender, type WebhookSender } from './send-webhook.js';
import { signatureHeader } from './sign-payload.js';

/** The channel the deliveries table's trigger notifies when deliveries are committed. */
export const DELIVERIES_CHANNEL = 'humantime_deliveries';
/** Attempts in flight at once per worker. */
const CONCURRENCY = 64;
/**
 * Of which one organization's at most: its receivers that hang until the timeout cannot hold
 * back every other organization's deliveries (runner/job.ts FairShare).
 */
const PER_ORGANIZATION = 16;
/** A lease outlives the attempt's timeout, so a live holder never loses it mid-attempt. */
const LEASE_MARGIN_MS = 20_000;

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
   * anything is skipped without a query (QuietProbe in runner/job.ts).
   */
  changes?: StoreChanges;
}

/**
 * Webhook delivery, the outbox's job: claims due deliveries under a lease, POSTs each signed
 * event, and records the attempt with its next state (retry-schedule.ts).
 */
export function webhookDeliveryJob(deps: DeliveryWorkerDeps): Job<ClaimedDelivery> {
  const { db, config, logger, changes } = deps;
  const sender = deps.sender ?? createHttpSender();
  const log = logger.child({ component: 'webhook-delivery' });
  return {
    name: 'webhook-delivery',
    concurrency: CONCURRENCY,
    leaseMs: config.webhooks.timeoutMs + LEASE_MARGIN_MS,
    claim: (lease) => claimDeliveries(db, lease),
    fairShare: { groupOf: (delivery) => delivery.organizationId, perGroup: PER_ORGANIZATION },
    run: (delivery, lease) => attempt({ deps, sender, log }, delivery, lease),
    describe: (delivery) => ({ delivery_id: delivery.id }),
    ...(deps.releaseLeasesAtStart ? { releaseAllLeases: () => releaseAllLeases(db) } : {}),
    ...(changes ? { quiet: { writes: () => changes.deliveries, nextDueAt: () => nextDueAt(db) } } : {}),
  };
}

/**
 * The webhook outbox worker: the delivery job on the shared runner. Any number may run
 * against one PostgreSQL database; wake() is called after a booking commits.
 */
export class DeliveryWorker extends JobRunner<ClaimedDelivery> {
  constructor(deps: DeliveryWorkerDeps) {
    super(webhookDeliveryJob(deps), {
      logger: deps.logger,
      clock: deps.clock,
      ...(deps.workerId ? { workerId: deps.workerId } : {}),
      ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
    });
  }
}

interface AttemptContext {
  deps: DeliveryWorkerDeps;
  sender: WebhookSender;
  log: Logger;
}

async function attempt({ deps, sender, log }: AttemptContext, delivery: ClaimedDelivery, lease: HeldLease): Promise<void> {
  const { config, clock, db } = deps;
  const attemptedAt = clock();
  const started = performance.now();
  const outcome = await sender({
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
  // After three failures the attempt number alone says it is manual; after a delivery it does not.
  const next = nextState(
    { attempt: delivery.attempt, manual: delivery.deliveredBefore },
    delivered,
    clock(),
    config.webhooks.retryDelaysMs,
  );
  const record = {
    organizationId: delivery.organizationId,
    deliveryId: delivery.id,
    workerId: lease.workerId,
    attempt: delivery.attempt,
    attemptedAt,
    statusCode: outcome.statusCode,
    error: outcome.error,
    durationMs,
    next,
  };
  // The receiver already has it: an outcome written after an outage means it is not sent again.
  const recorded = await writeWithinLease(() => recordAttempt(db, record), lease.endsAt, clock);
  deps.onAttempt?.(outcomeOf(recorded, next));
  log.info(
    {
      worker_id: lease.workerId,
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

/** An attempt's outcome as /metrics counts it: a failure that will be retried is not final. */
function outcomeOf(recorded: boolean, next: NextState): DeliveryOutcome {
  if (!recorded) return 'dropped';
  if (next.status === 'pending') return 'will_retry';
  return next.status;
}
