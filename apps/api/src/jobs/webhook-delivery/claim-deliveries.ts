import type { Db } from '../../db/open-store.js';
import { BOOKKEEPING } from '../../db/write-counters.js';
import { fairClaimCtes } from '../../db/fair-claim.js';
import { Params } from '../../db/params.js';
import type { LeaseRequest } from '../runner/job.js';

/** A delivery this worker holds a lease on, with everything one attempt needs. */
export interface ClaimedDelivery {
  organizationId: string;
  id: string;
  webhookId: string;
  /** The number of the attempt about to be made (1..3; more for a manual retry). */
  attempt: number;
  /**
   * An earlier attempt was answered 2xx: this one is a manual retry (automatic attempts stop at
   * the first delivery), however few came before it.
   */
  deliveredBefore: boolean;
  url: string;
  signingSecret: string;
  /** events.body: the exact bytes every attempt sends. */
  body: string;
}

interface ClaimRow {
  organization_id: string;
  id: string;
  webhook_id: string;
  attempt: number;
  delivered_before: boolean;
  url: string;
  signing_secret: string;
  body: string;
}

/**
 * Leases up to `limit` due deliveries to this worker in one statement, the longest due first and
 * within each organization's room (the runner's fair share, db/fair-claim.ts), and answers what
 * each attempt needs. The lease (locked_until) hands a row back to everyone if its holder dies
 * mid-attempt. Timestamps go in as ISO strings with Z so the session time zone cannot shift them.
 */
export async function claimDeliveries(db: Db, lease: LeaseRequest): Promise<ClaimedDelivery[]> {
  const p = new Params();
  const now = p.ref(lease.now.toISOString(), 'timestamptz');
  const due = {
    table: 'deliveries',
    where: [`status = 'pending'`, `next_attempt_at <= ${now}`, `(locked_until IS NULL OR locked_until < ${now})`],
    dueAt: 'next_attempt_at',
  };
  const rows = await db.$queryRawUnsafe<ClaimRow[]>(
    `${BOOKKEEPING} WITH ${fairClaimCtes(p, due, lease)}
    UPDATE deliveries d
       SET locked_until = ${p.ref(new Date(lease.now.getTime() + lease.leaseMs).toISOString(), 'timestamptz')},
           locked_by = ${p.ref(lease.workerId, 'text')}
      FROM events e, webhooks w
     WHERE (d.organization_id, d.id) IN (SELECT organization_id, id FROM chosen)
       AND e.organization_id = d.organization_id AND e.id = d.event_id
       AND w.organization_id = d.organization_id AND w.id = d.webhook_id
    RETURNING d.organization_id::text AS organization_id, d.id::text AS id, d.webhook_id::text AS webhook_id, d.attempt_count + 1 AS attempt,
              d.attempt_count > 0 AND EXISTS (SELECT 1 FROM delivery_attempts a
                                               WHERE a.organization_id = d.organization_id AND a.delivery_id = d.id
                                                 AND a.status_code BETWEEN 200 AND 299) AS delivered_before,
              w.url, w.signing_secret, e.body`,
    ...p.values,
  );
  return rows.map((r) => ({
    organizationId: r.organization_id,
    id: r.id,
    webhookId: r.webhook_id,
    attempt: Number(r.attempt),
    deliveredBefore: r.delivered_before,
    url: r.url,
    signingSecret: r.signing_secret,
    body: r.body,
  }));
}

/**
 * The embedded store is one process: at start no one else can be mid-attempt, so leases
 * left by a killed run are released at once instead of waiting for them to expire.
 */
export async function releaseAllLeases(db: Db): Promise<number> {
  return db.$executeRaw`
    UPDATE deliveries SET locked_until = NULL, locked_by = NULL
     WHERE status = 'pending' AND locked_by IS NOT NULL`;
}

/**
 * When the next pending delivery falls due: its next attempt, or the end of its lease while
 * one is held (a lapsed lease is claimable again). Undefined when nothing is pending.
 */
export async function nextDueAt(db: Db): Promise<Date | undefined> {
  const [row] = await db.$queryRaw<{ due: Date | null }[]>`
    SELECT min(GREATEST(next_attempt_at, locked_until)) AS due FROM deliveries WHERE status = 'pending'`;
  return row?.due ?? undefined;
}
