import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import { claimDueCalendars, nextCalendarDue, releaseCalendarLeases, type CalendarRow } from '../../db/tables/calendars.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { readAndStore } from '../../services/calendars/read-and-store.js';
import type { Job, JobDeps } from '../runner/job.js';
import { runnerFor, type JobRunner } from '../runner/job-runner.js';
import { writeWithinLease } from '../runner/within-lease.js';

/** Calendars read at once per worker: reads wait on the network, not on this process. */
const CONCURRENCY = 4;
/**
 * Of which one organization's at most: its calendar servers that answer slowly (up to the read's
 * time limit) cannot hold back every other organization's reads (runner/job.ts FairShare).
 */
const PER_ORGANIZATION = 2;
/** A lease outlives a read's time limit, so a live reader never loses it mid-read. */
const LEASE_MARGIN_MS = 20_000;

export interface CalendarRefreshDeps extends JobDeps {
  store: Store;
  config: Config;
  secrets: SecretBox;
}

/**
 * Calendar refresh: every calendar is read again CALENDAR_SYNC_SECONDS after its last read
 * (sooner after a failure), claimed from the database like a delivery, so any number of workers
 * share the calendars and each has one reader at a time. The read's outcome is written within
 * the lease (services/calendars/read-and-store.ts).
 */
export function calendarRefreshJob(deps: CalendarRefreshDeps): Job<CalendarRow> {
  const { store, config } = deps;
  const changes = store.changes;
  const leaseMs = config.calendars.readTimeoutMs + LEASE_MARGIN_MS;
  // On the embedded store a claim that leased something also says when the next of the others
  // falls due, and the quiet probe answers that instead of asking (their leases count too).
  let claimedDue: Date | undefined;
  const nextDueAt = async () => {
    const known = claimedDue;
    claimedDue = undefined;
    return known ?? nextCalendarDue(store.sql);
  };
  return {
    name: 'calendar-refresh',
    concurrency: CONCURRENCY,
    fairShare: { groupOf: (row) => row.organizationId, perGroup: PER_ORGANIZATION },
    leaseMs,
    claim: async (lease) => {
      const claim = await claimDueCalendars(store.sql, lease, { restDue: Boolean(changes) });
      const leaseEnd = lease.now.getTime() + leaseMs;
      claimedDue = claim.restDueAt === undefined ? undefined : new Date(Math.min(claim.restDueAt?.getTime() ?? Infinity, leaseEnd));
      return claim.rows;
    },
    // The claim answers the calendars themselves: one statement before the read, not two. The
    // outcome is the job's bookkeeping, and the run answers the calendar's next read (job.ts).
    run: (row, lease) => {
      const read = { store, config, secrets: deps.secrets, clock: deps.clock };
      return writeWithinLease(() => readAndStore(read, row, { workerId: lease.workerId }), lease.endsAt, deps.clock);
    },
    describe: (row) => ({ calendar_id: row.id }),
    ...(deps.releaseLeasesAtStart ? { releaseAllLeases: () => releaseCalendarLeases(store.sql) } : {}),
    ...(changes ? { quiet: { writes: () => changes.calendars, nextDueAt } } : {}),
  };
}

/** The refresh job on the shared runner. */
export function calendarRefreshRunner(deps: CalendarRefreshDeps): JobRunner<CalendarRow> {
  return runnerFor(calendarRefreshJob(deps), deps);
}
