import type { ClaimRequest } from '../../db/fair-claim.js';
import type { Logger } from '../../lib/logger.js';

/**
 * One kind of background work, as the runner (job-runner.ts) drives it. A job says how to
 * claim due items and what to do with one; the runner owns everything that is the same for
 * every job: the loop, how many run at once, sleeping until woken or polled, pausing while the
 * database is away, and stopping without abandoning work in flight.
 *
 * Claims come from the database, never from memory: a claim is one statement that leases due
 * rows with `FOR UPDATE SKIP LOCKED` (several workers claim at once without waiting on each
 * other) and sets a lease end, after which a row whose holder died is claimable again.
 */
export interface Job<Item> {
  /** Names the job in logs (`component`), e.g. "webhook-delivery". */
  readonly name: string;
  /** Items run at once by one runner. */
  readonly concurrency: number;
  /** How long a claim lasts: longer than one item can take, so a live holder keeps it. */
  readonly leaseMs: number;
  /**
   * Leases up to `limit` due items to `workerId` until `now + leaseMs`, in one statement; for a
   * job with a fair share, within each group's room (LeaseRequest.share).
   */
  claim(lease: LeaseRequest): Promise<Item[]>;
  /**
   * Does one item while holding its lease (ends at `leaseEndsAt`, epoch ms). A run whose writes
   * to the job's table were all bookkeeping (db/write-counters.ts BOOKKEEPING) answers when the
   * item falls due again, so that the runner's quiet polls (QuietProbe) know it without a query.
   */
  run(item: Item, lease: HeldLease): Promise<Date | void>;
  /** Identifies an item in the runner's log lines. */
  describe(item: Item): Record<string, unknown>;
  /**
   * The embedded store only (one process owns the data): leases left by a killed run, released
   * at start instead of waiting for them to lapse. Answers how many were released.
   */
  releaseAllLeases?(): Promise<number>;
  /** Optional: lets the runner skip polls that cannot find anything (see QuietProbe). */
  readonly quiet?: QuietProbe;
  /** Optional: no group (a tenant) may hold more than its share of the runner's slots. */
  readonly fairShare?: FairShare<Item>;
}

/**
 * A slot is held for as long as its item runs, and some items run long (a webhook receiver
 * that never answers holds its attempt until the timeout). Without a share, one organization's
 * slow items could take every slot and hold back every other organization's. With one, a group
 * holds at most `perGroup` of the runner's slots: the claim leaves out the groups at their
 * share and takes at most their room from the others (LeaseRequest.share). Each runner counts
 * its own slots: with several workers, a group may hold `perGroup` in each.
 */
export interface FairShare<Item> {
  /** The item's group, e.g. its organization's id. */
  groupOf(item: Item): string;
  readonly perGroup: number;
}

/** What every job's runner is started with, beside the job's own needs. */
export interface JobDeps {
  clock: () => Date;
  logger: Logger;
  /** Embedded store (one process): release leases left by a killed run at start. */
  releaseLeasesAtStart?: boolean;
  /** Names this process in the leases it takes; unique per runner by default. */
  workerId?: string;
  /** The poll's period; tests shorten or lengthen it. */
  pollMs?: number;
}

/** A claim's terms; `share` only for a job with a fair share (db/fair-claim.ts writes such claims). */
export type LeaseRequest = ClaimRequest;

export interface HeldLease {
  workerId: string;
  /** Epoch milliseconds: past this another worker may claim the item. */
  endsAt: number;
}

/**
 * For the embedded store, whose data directory belongs to this process so that every write to a
 * job's table is counted (Store.changes): after a claim that left nothing due, the runner skips
 * polls until the count moves or the next item falls due. On PGlite a query runs on the request
 * thread, so a poll with nothing to find is not free; on a server, other processes write, and
 * every poll claims. The job's own bookkeeping is not counted: its claim is marked BOOKKEEPING
 * (what it leased comes back at the lease's end, which nextDueAt reads), and so may be a run's
 * outcome when the run answers the item's next due time.
 */
export interface QuietProbe {
  /** The job table's write count now. */
  writes(): number;
  /** When the next item falls due (undefined: none pending). */
  nextDueAt(): Promise<Date | undefined>;
}
