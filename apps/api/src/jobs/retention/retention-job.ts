import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import { claimDueSweeps, deleteDueBatch, ensureSweeps, finishSweep, releaseSweepLeases } from '../../db/tables/retention-sweeps.js';
import type { HeldLease, Job, JobDeps } from '../runner/job.js';
import { runnerFor, type JobRunner } from '../runner/job-runner.js';
import { writeWithinLease } from '../runner/within-lease.js';
import { storeSweeps, type Sweep } from './sweeps.js';

/** Sweeps run at once per worker: the long one (events) does not hold up the others. */
const CONCURRENCY = 2;
/** A sweep's lease. It starts no new batch in the last half, so it ends well inside it. */
const LEASE_MS = 5 * 60_000;
/** Sweeps fall due minutes apart: a poll every few seconds finds them soon enough. */
const POLL_MS = 5_000;

export interface RetentionDeps extends JobDeps {
  store: Store;
  config: Pick<Config, 'retention' | 'oauth'>;
}

/** What one run of a sweep did. */
export interface SweepOutcome {
  deleted: number;
  /** Delete statements run (the last one of each step finds less than a batch). */
  batches: number;
  /** Stopped because the lease was running out: due again at once. */
  unfinished: boolean;
}

/**
 * Runs the sweep's steps in order, each in batches of at most config.retention.batchSize rows
 * (one statement each, so no statement holds many locks for long) until a batch finds fewer,
 * and stops early, unfinished, once half the lease is gone.
 */
export async function runSweep(deps: RetentionDeps, sweep: Sweep, leaseEndsAt: number): Promise<SweepOutcome> {
  const limit = deps.config.retention.batchSize;
  const stopAt = leaseEndsAt - LEASE_MS / 2;
  const outcome: SweepOutcome = { deleted: 0, batches: 0, unfinished: false };
  await sweep.prepare?.(deps.store);
  for (const step of sweep.steps) {
    for (;;) {
      if (deps.clock().getTime() >= stopAt) return { ...outcome, unfinished: true };
      const deleted = await deleteDueBatch(deps.store.sql, step, limit);
      outcome.deleted += deleted;
      outcome.batches += 1;
      if (deleted < limit) break;
    }
  }
  return outcome;
}

/**
 * Retention: deletes what has outlived its use (docs/retention.md), as sweeps claimed from the
 * retention_sweeps table like deliveries are, so that any number of workers share them and
 * each sweep has one runner at a time; within a sweep every batch is also chosen with SKIP
 * LOCKED, so even two runners of one sweep (a lease that lapsed) never delete a row twice. A
 * finished sweep is due again RETENTION_INTERVAL_SECONDS later.
 */
export function retentionJob(deps: RetentionDeps): Job<string> {
  const { store, config } = deps;
  const sweeps = new Map(storeSweeps(store.kind, config, deps.clock).map((s) => [s.name, s]));
  let ensured = false;
  return {
    name: 'retention',
    concurrency: CONCURRENCY,
    leaseMs: LEASE_MS,
    claim: async (lease) => {
      if (!ensured) {
        await ensureSweeps(store.sql, [...sweeps.keys()]);
        ensured = true;
      }
      // A sweep of an older or newer release than this process's is left to that process.
      return (await claimDueSweeps(store.sql, lease)).filter((name) => sweeps.has(name));
    },
    run: async (name, lease) => {
      const outcome = await runSweep(deps, sweeps.get(name)!, lease.endsAt);
      await finish(deps, name, outcome, lease);
      if (outcome.deleted > 0) deps.logger.info({ sweep: name, ...outcome }, 'retention sweep deleted rows');
    },
    describe: (name) => ({ sweep: name }),
    ...(deps.releaseLeasesAtStart ? { releaseAllLeases: () => releaseSweepLeases(store.sql) } : {}),
  };
}

async function finish(deps: RetentionDeps, name: string, outcome: SweepOutcome, lease: HeldLease): Promise<void> {
  const now = deps.clock();
  const nextRunAt = outcome.unfinished ? now : new Date(now.getTime() + deps.config.retention.intervalMs);
  const done = { name, workerId: lease.workerId, now, nextRunAt, deleted: outcome.deleted };
  await writeWithinLease(() => finishSweep(deps.store.sql, done), lease.endsAt, deps.clock);
}

/** The retention job on the shared runner. */
export function retentionRunner(deps: RetentionDeps): JobRunner<string> {
  return runnerFor(retentionJob(deps), { ...deps, pollMs: deps.pollMs ?? POLL_MS });
}
