import type { Config } from '../../config.js';
import type { Store } from '../../db/store.js';
import {
  claimDueWrites,
  clearWriteFailure,
  nextWriteDue,
  recordWrite,
  releaseWriteLeases,
  reportWriteFailure,
  requeueFailedWrites,
  type ClaimedWrite,
} from '../../db/tables/calendar-writes.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { writeBooking } from '../../services/calendars/write-booking.js';
import type { Job, JobDeps } from '../runner/job.js';
import { runnerFor, type JobRunner } from '../runner/job-runner.js';
import { writeWithinLease } from '../runner/within-lease.js';

/** Writes made at once per worker. */
const CONCURRENCY = 4;
/** Of which one organization's at most (runner/job.ts FairShare), as for calendar reads. */
const PER_ORGANIZATION = 2;
const LEASE_MARGIN_MS = 20_000;
/** Three attempts in all, the first at once, then after the webhooks' retry delays. */
const MAX_ATTEMPTS = 3;

export interface CalendarWriteDeps extends JobDeps {
  store: Store;
  config: Config;
  secrets: SecretBox;
}

/**
 * Bookings out into CalDAV calendars (write_bookings): each queued write is claimed like a
 * delivery and retried on the webhooks' schedule (WEBHOOK_RETRY_DELAYS); after the last
 * attempt fails, the calendar's last_error says which booking could not be written.
 */
export function calendarWriteJob(deps: CalendarWriteDeps): Job<ClaimedWrite> {
  const { store, config, clock } = deps;
  const changes = store.changes;
  const log = deps.logger.child({ component: 'calendar-write' });
  return {
    name: 'calendar-write',
    concurrency: CONCURRENCY,
    fairShare: { groupOf: (write) => write.organizationId, perGroup: PER_ORGANIZATION },
    leaseMs: config.calendars.readTimeoutMs + LEASE_MARGIN_MS,
    claim: (lease) => claimDueWrites(store.sql, lease),
    run: async (write, lease) => {
      const result = await writeBooking({ store, config, secrets: deps.secrets }, write);
      const now = clock();
      const delay = config.webhooks.retryDelaysMs[write.attempt - 1];
      const last = result.ok || write.attempt >= MAX_ATTEMPTS || delay === undefined;
      const status = result.ok ? 'done' : last ? 'failed' : 'pending';
      const error = result.ok ? null : result.message;
      const nextAttemptAt = last ? null : new Date(now.getTime() + delay);
      await writeWithinLease(
        async () => {
          const recorded = await recordWrite(store.sql, {
            organizationId: write.organizationId,
            id: write.id,
            workerId: lease.workerId,
            attempt: write.attempt,
            status,
            nextAttemptAt,
            error,
          });
          if (recorded && status === 'done') {
            // The calendar answers again: what failed before is written now, then the failure is over.
            await requeueFailedWrites(store.sql, { ...write, now });
            await clearWriteFailure(store.sql, write);
          }
          if (recorded && status === 'failed') {
            await reportWriteFailure(store.sql, {
              organizationId: write.organizationId,
              calendarId: write.calendarId,
              message: `a booking could not be written into the calendar: ${error}`,
              at: now,
            });
          }
        },
        lease.endsAt,
        clock,
      );
      log.info(
        { calendar_id: write.calendarId, attempt: write.attempt, outcome: status, ...(result.ok ? { action: result.action } : { error }) },
        'calendar write attempt',
      );
      // Outcomes in calendar_writes move no write counter: the runner learns here when to claim
      // again, at the retry, or at once after the last attempt (a later write of the same UID
      // waited on this one).
      return nextAttemptAt ?? clock();
    },
    describe: (write) => ({ calendar_write_id: write.id }),
    ...(deps.releaseLeasesAtStart ? { releaseAllLeases: () => releaseWriteLeases(store.sql) } : {}),
    // Writes are queued by the events trigger, inside the statements that queue deliveries.
    ...(changes ? { quiet: { writes: () => changes.deliveries, nextDueAt: () => nextWriteDue(store.sql) } } : {}),
  };
}

export function calendarWriteRunner(deps: CalendarWriteDeps): JobRunner<ClaimedWrite> {
  return runnerFor(calendarWriteJob(deps), deps);
}
