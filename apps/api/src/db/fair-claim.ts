// The due rows a background job's claim leases (jobs/runner/job.ts): the longest due first, and,
// for a job with a fair share, at most each organization's room.
import type { Params } from './params.js';

/** How many due rows a fair claim reads for each one it may take, before each organization's room is applied. */
const WINDOW_PER_SLOT = 4;

/**
 * What a job's claim is asked for (jobs/runner/job.ts, LeaseRequest): leases for `workerId` until
 * `now + leaseMs`, `limit` of them at most.
 */
export interface ClaimRequest {
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /**
   * For a job with a fair share (jobs/runner/job.ts, FairShare): the runner's items in flight
   * per group, here the organization (groups with none are absent). A claim takes at most
   * `perGroup - held[organization]` rows of an organization.
   */
  share?: { perGroup: number; held: Readonly<Record<string, number>> };
}

export interface DueRows {
  /** The job's table; its rows have organization_id and id. */
  table: string;
  /** The table's alias in `where` and `dueAt`, when they need one (a condition that reads the table again). */
  alias?: string;
  /** Its due rows' conditions, written with `p`'s placeholders; columns may be prefixed with the alias. */
  where: string[];
  /** When a row fell due: the claim takes the earliest first. */
  dueAt: string;
}

/**
 * Two CTEs, `due` and `chosen`: `chosen` holds the (organization_id, id) of the rows to lease,
 * up to `lease.limit`, the longest due first. `due` locks them (FOR UPDATE SKIP LOCKED: several
 * workers claim at once without waiting on or taking each other's rows).
 *
 * With `lease.share` (runner/job.ts FairShare), the organizations whose items hold their share
 * of the runner's slots are left out, and at most `perGroup - held[organization]` rows of each
 * other organization are chosen, from a window of the due rows four times the claim's size:
 * rows of the window left unchosen are unlocked when the statement ends. An organization with a
 * long backlog ahead of others' rows then takes its room in one claim and is left out of the
 * next, which the runner makes at once (job-runner.ts).
 */
export function fairClaimCtes(p: Params, due: DueRows, lease: Pick<ClaimRequest, 'limit' | 'share'>): string {
  const t = due.alias ? `${due.alias}.` : '';
  const from = due.alias ? `${due.table} ${due.alias}` : due.table;
  const where = [...due.where];
  if (!lease.share) {
    return `due AS (SELECT ${t}organization_id, ${t}id FROM ${from} WHERE ${where.join(' AND ')}
                     ORDER BY ${due.dueAt} LIMIT ${p.ref(lease.limit, 'int')} FOR UPDATE SKIP LOCKED),
            chosen AS (SELECT organization_id, id FROM due)`;
  }
  const { perGroup, held } = lease.share;
  const full = Object.keys(held).filter((organizationId) => held[organizationId]! >= perGroup);
  if (full.length > 0) where.push(`${t}organization_id <> ALL (${p.ref(`{${full.join(',')}}`, 'uuid[]')})`);
  return `due AS (SELECT ${t}organization_id, ${t}id, ${due.dueAt} AS due_at FROM ${from} WHERE ${where.join(' AND ')}
                   ORDER BY ${due.dueAt} LIMIT ${p.ref(lease.limit * WINDOW_PER_SLOT, 'int')} FOR UPDATE SKIP LOCKED),
          chosen AS (SELECT organization_id, id FROM (
                       SELECT organization_id, id, due_at,
                              row_number() OVER (PARTITION BY organization_id ORDER BY due_at, id) AS n
                         FROM due) ranked
                      WHERE n <= ${p.ref(perGroup, 'int')} - coalesce((${p.ref(JSON.stringify(held), 'jsonb')} ->> organization_id::text)::int, 0)
                      ORDER BY due_at
                      LIMIT ${p.ref(lease.limit, 'int')})`;
}
