// Hand-written statements of the retention sweeps (jobs/retention): the `retention_sweeps`
// table that hands each sweep to one worker at a time, and the bounded batch delete every
// sweep is made of.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

/** One kind of row a sweep deletes: which table, how a row is named, and which rows are due. */
export interface SweepStep {
  table: string;
  /** The columns that name one row, e.g. `id` or `organization_id, human_id, local_date`. */
  key: string;
  /** The condition on `t` (a row of `table`) that makes a row due for deletion. */
  due: (p: Params) => string;
  /**
   * Deleting the rows bumps their humans' schedule versions (a trigger updates `humans`): the
   * batch locks those humans first, in id order as every other locker does (humans-lock.ts),
   * so the sweep cannot deadlock with a booking that locks several humans.
   */
  lockHumans?: boolean;
}

/**
 * Deletes at most `limit` due rows of the step in one statement and answers how many. The
 * batch is chosen with FOR UPDATE SKIP LOCKED: two sweepers (or a sweeper and a request that
 * holds a row) never wait on each other, and no row is deleted twice. Rows are named by their
 * own key columns, so the statement is right whatever the table's primary key is.
 */
export async function deleteDueBatch(query: Sql, step: SweepStep, limit: number): Promise<number> {
  const p = new Params();
  const due = step.due(p);
  const humans = step.lockHumans
    ? `, locked AS (SELECT h.id FROM humans h
                     WHERE (h.organization_id, h.id) IN (SELECT sweep_organization_id, sweep_human_id FROM batch)
                     ORDER BY h.id FOR NO KEY UPDATE)`
    : '';
  const [row] = await query<{ deleted: number }>(
    `WITH batch AS (
       SELECT ${step.key}${step.lockHumans ? ', t.organization_id AS sweep_organization_id, t.human_id AS sweep_human_id' : ''} FROM ${step.table} t
        WHERE ${due}
        LIMIT ${p.ref(limit, 'int')} FOR UPDATE OF t SKIP LOCKED)${humans},
     gone AS (
       DELETE FROM ${step.table}
        WHERE (${step.key}) IN (SELECT ${step.key} FROM batch)${step.lockHumans ? ' AND (SELECT count(*) FROM locked) >= 0' : ''}
       RETURNING 1)
     SELECT count(*)::int AS deleted FROM gone`,
    p.values,
  );
  return Number(row?.deleted ?? 0);
}

/** Adds the sweeps' rows that are missing (a sweep new in this release), due at once. */
export async function ensureSweeps(query: Sql, names: readonly string[]): Promise<void> {
  const p = new Params();
  await query(
    `INSERT INTO retention_sweeps (name) SELECT unnest(${p.ref(`{${names.join(',')}}`, 'text[]')}) ON CONFLICT (name) DO NOTHING`,
    p.values,
  );
}

/** Leases up to `limit` due sweeps to the worker until `now + leaseMs`, in one statement. */
export async function claimDueSweeps(
  query: Sql,
  lease: { workerId: string; now: Date; leaseMs: number; limit: number },
): Promise<string[]> {
  const p = new Params();
  const now = p.ref(lease.now.toISOString(), 'timestamptz');
  const rows = await query<{ name: string }>(
    `UPDATE retention_sweeps
        SET locked_until = ${p.ref(new Date(lease.now.getTime() + lease.leaseMs).toISOString(), 'timestamptz')},
            locked_by = ${p.ref(lease.workerId)}
      WHERE name IN (SELECT name FROM retention_sweeps
                      WHERE next_run_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
                      ORDER BY next_run_at LIMIT ${p.ref(lease.limit, 'int')} FOR UPDATE SKIP LOCKED)
      RETURNING name`,
    p.values,
  );
  return rows.map((r) => r.name);
}

/**
 * Hands a sweep back, due again at `nextRunAt`, if this worker still holds it (a lapsed lease
 * taken over by another worker is theirs now). Answers whether it still held it.
 */
export async function finishSweep(
  query: Sql,
  done: { name: string; workerId: string; now: Date; nextRunAt: Date; deleted: number },
): Promise<boolean> {
  const p = new Params();
  const rows = await query(
    `UPDATE retention_sweeps
        SET next_run_at = ${p.ref(done.nextRunAt.toISOString(), 'timestamptz')}, locked_until = NULL, locked_by = NULL,
            last_finished_at = ${p.ref(done.now.toISOString(), 'timestamptz')}, last_deleted = ${p.ref(done.deleted, 'int')}
      WHERE name = ${p.ref(done.name)} AND locked_by = ${p.ref(done.workerId)}
      RETURNING 1`,
    p.values,
  );
  return rows.length > 0;
}

/** The embedded store is one process: leases left by a killed run are released at start. */
export async function releaseSweepLeases(query: Sql): Promise<number> {
  const rows = await query(`UPDATE retention_sweeps SET locked_until = NULL, locked_by = NULL WHERE locked_by IS NOT NULL RETURNING 1`);
  return rows.length;
}
