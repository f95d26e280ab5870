import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isDatabaseUnavailable, unavailableCause } from '../../db/unavailable.js';
import type { Logger } from '../../lib/logger.js';
import { jittered } from './backoff.js';
import type { Job, JobDeps, LeaseRequest } from './job.js';

/**
 * Work written by other processes, and items falling due later (retries, refreshes), are found
 * by polling about this often; a PostgreSQL NOTIFY (notify-listener.ts) or wake() is sooner.
 */
const POLL_MS = 500;

export interface JobRunnerOptions {
  logger: Logger;
  clock: () => Date;
  /** Names this process in the leases it takes (locked_by); unique per runner by default. */
  workerId?: string;
  /** The poll's period; tests lengthen it so that only a wake-up can explain prompt work. */
  pollMs?: number;
}

/**
 * After a claim that left nothing due: the job table's write count it saw and when the next
 * item falls due (Infinity: none pending).
 */
interface Idle {
  writes: number;
  dueAt: number;
}

/**
 * Runs one job (job.ts) in this process: claims due items under a lease, runs up to
 * `job.concurrency` at once, and sleeps until wake() or the next poll. While the database does
 * not answer it says so once, keeps polling quietly, and says once when it is back. Any number
 * of runners, in any number of processes, may run one job against one PostgreSQL database.
 * start() begins the loop; wake() asks for an immediate claim; stop() stops claiming and waits
 * for the items in flight.
 */
export class JobRunner<Item> {
  readonly workerId: string;
  private readonly logger: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  /** Items in flight per group, for a job with a fair share (Job.fairShare); none: absent. */
  private readonly held = new Map<string, number>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private interrupt: (() => void) | undefined;
  private idle: Idle | undefined;
  /** The earliest next due time that items' runs reported since the last claim began (Job.run). */
  private reportedDue = Infinity;
  /** The database did not answer the last claim: the job is paused until it does. */
  private away = false;
  /** The last claim filled every free slot (or none was free): more may be due behind it. */
  private saturated = false;

  constructor(
    private readonly job: Job<Item>,
    private readonly options: JobRunnerOptions,
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.logger = options.logger.child({ component: job.name, worker_id: this.workerId });
  }

  /** Releases leases left by a killed run first, when the job can (the embedded store). */
  async start(): Promise<void> {
    if (this.loop) return;
    if (this.job.releaseAllLeases) {
      const released = await this.job.releaseAllLeases();
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
    const { job, options } = this;
    while (!this.stopping) {
      const free = job.concurrency - this.inFlight.size;
      let claimed = 0;
      this.saturated = free <= 0;
      if (free > 0 && !this.nothingDue()) {
        try {
          // The claim is bookkeeping (no write counter moves), and so is what it leased: the next
          // due time read after it tells when those come back, and items that report one again.
          const writes = job.quiet?.writes();
          this.reportedDue = Infinity;
          const now = options.clock();
          const atShare = this.groupsAtShare();
          const batch = await job.claim({ workerId: this.workerId, now, leaseMs: job.leaseMs, limit: free, ...this.share() });
          this.back();
          claimed = batch.length;
          this.saturated = claimed === free;
          for (const item of batch) this.launch(item, now.getTime() + job.leaseMs);
          // A group that reached its share in this claim may have kept others' items out of it
          // (the claim reads a window of the due items): claim again at once without it.
          if (claimed > 0 && claimed < free && this.groupsAtShare() > atShare) continue;
          if (job.quiet && writes !== undefined && claimed < free) {
            const due = await job.quiet.nextDueAt();
            this.idle = { writes, dueAt: due?.getTime() ?? Infinity };
          }
        } catch (error) {
          this.idle = undefined;
          if (isDatabaseUnavailable(error)) this.gone(error);
          else this.logger.error({ err: error }, 'claiming failed; retrying at the next poll');
        }
      }
      // A full batch suggests more is due: claim again at once (or when a slot frees up).
      if (claimed > 0 && claimed === free) continue;
      await this.nap();
    }
  }

  /** The claim's fair-share terms (LeaseRequest.share), for a job that has one. */
  private share(): Pick<LeaseRequest, 'share'> {
    const perGroup = this.job.fairShare?.perGroup;
    return perGroup === undefined ? {} : { share: { perGroup, held: Object.fromEntries(this.held) } };
  }

  private groupsAtShare(): number {
    const perGroup = this.job.fairShare?.perGroup ?? Infinity;
    let n = 0;
    for (const count of this.held.values()) if (count >= perGroup) n++;
    return n;
  }

  /** Counts an item into (+1) or out of (-1) its group's slots. */
  private hold(item: Item, change: 1 | -1): void {
    const group = this.job.fairShare?.groupOf(item);
    if (group === undefined) return;
    const count = (this.held.get(group) ?? 0) + change;
    if (count > 0) this.held.set(group, count);
    else this.held.delete(group);
  }

  /** The database stopped answering: said once, then the poll keeps trying quietly. */
  private gone(error: unknown): void {
    if (this.away) return;
    this.away = true;
    this.logger.warn({ cause: unavailableCause(error) }, 'database unavailable: paused until it answers');
  }

  private back(): void {
    if (!this.away) return;
    this.away = false;
    this.logger.info('database reachable again: resumed');
  }

  /**
   * True while a claim would find nothing: no statement has touched the job's table since the
   * last claim that left nothing due (bookkeeping aside), and neither the next item then nor one
   * that a run reported since is due yet (see QuietProbe).
   */
  private nothingDue(): boolean {
    const { quiet } = this.job;
    if (!quiet || !this.idle) return false;
    const dueAt = Math.min(this.idle.dueAt, this.reportedDue);
    if (quiet.writes() === this.idle.writes && this.options.clock().getTime() < dueAt) return true;
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
      const timer = setTimeout(done, jittered(this.options.pollMs ?? POLL_MS));
      this.interrupt = done;
    });
  }

  private launch(item: Item, leaseEndsAt: number): void {
    this.hold(item, 1);
    const running = this.job
      .run(item, { workerId: this.workerId, endsAt: leaseEndsAt })
      .then((dueAt) => {
        if (dueAt) this.reportedDue = Math.min(this.reportedDue, dueAt.getTime());
        return dueAt;
      })
      .catch((error: unknown) => {
        // The lease lapses and the item is done again: delayed, never lost.
        this.logger.error({ err: error, ...this.job.describe(item) }, 'a claimed item failed; it is retried once its lease lapses');
      })
      .then((dueAt) => {
        this.inFlight.delete(running);
        this.hold(item, -1);
        // A freed slot is worth a claim at once when the last claim left items behind, or the
        // item itself is due again already. A run that says its item is due later leaves the
        // rest to the poll: on a server every claim is a round trip, and one after each item
        // that finds nothing doubled the statements per calendar read.
        if (this.saturated || !dueAt || dueAt.getTime() <= this.options.clock().getTime()) this.wake();
      });
    this.inFlight.add(running);
  }
}

/** A runner for `job`, with the poll, worker id and clock of `deps`. */
export function runnerFor<Item>(job: Job<Item>, deps: JobDeps): JobRunner<Item> {
  return new JobRunner(job, {
    logger: deps.logger,
    clock: deps.clock,
    ...(deps.workerId ? { workerId: deps.workerId } : {}),
    ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
  });
}
