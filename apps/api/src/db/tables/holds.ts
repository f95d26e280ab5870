// Hand-written statements on `holds`: starts kept for a few minutes. A hold is
// live while its expires_at is ahead of the service's clock (`now`, passed in, so tests can
// move it); released and confirmed holds are deleted.
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

export interface HoldRow {
  id: string;
  organizationId: string;
  humanId: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  expiresAt: Date;
  createdAt: Date;
}

const HOLD_COLUMNS = `id::text AS "id", organization_id::text AS "organizationId", human_id::text AS "humanId",
  starts_at AS "startsAt", ends_at AS "endsAt", duration_minutes AS "durationMinutes",
  expires_at AS "expiresAt", created_at AS "createdAt"`;

export async function insertHold(query: Sql, h: HoldRow): Promise<HoldRow> {
  const p = new Params();
  const [row] = await query<HoldRow>(
    `INSERT INTO holds (id, organization_id, human_id, starts_at, ends_at, duration_minutes, expires_at, created_at)
     VALUES (${p.ref(h.id, 'uuid')}, ${p.ref(h.organizationId, 'uuid')}, ${p.ref(h.humanId, 'uuid')},
             ${p.ref(h.startsAt.toISOString(), 'timestamptz')}, ${p.ref(h.endsAt.toISOString(), 'timestamptz')}, ${p.ref(h.durationMinutes)},
             ${p.ref(h.expiresAt.toISOString(), 'timestamptz')}, ${p.ref(h.createdAt.toISOString(), 'timestamptz')})
     RETURNING ${HOLD_COLUMNS}`,
    p.values,
  );
  return row!;
}

export async function selectLiveHold(query: Sql, organizationId: string, holdId: string, now: Date): Promise<HoldRow | undefined> {
  const p = new Params();
  const [row] = await query<HoldRow>(
    `SELECT ${HOLD_COLUMNS} FROM holds
      WHERE id = ${p.ref(holdId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')} AND expires_at > ${p.ref(now.toISOString(), 'timestamptz')}`,
    p.values,
  );
  return row;
}

/**
 * Deletes a live hold (its claim goes with it, ON DELETE CASCADE) and returns it. The row
 * lock makes a second, concurrent release or confirm of the same hold find nothing.
 */
export async function deleteLiveHold(query: Sql, organizationId: string, holdId: string, now: Date): Promise<HoldRow | undefined> {
  const p = new Params();
  const [row] = await query<HoldRow>(
    `DELETE FROM holds
      WHERE id = ${p.ref(holdId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')} AND expires_at > ${p.ref(now.toISOString(), 'timestamptz')}
     RETURNING ${HOLD_COLUMNS}`,
    p.values,
  );
  return row;
}

/**
 * Two CTEs that delete the humans' expired holds (`expired_holds`) and their claims
 * (`expired_claims`, one row each). The claims are deleted here, not left to the foreign
 * key's ON DELETE CASCADE, because a cascade runs only at the end of the statement: a claim
 * inserted later in the same statement would still meet them. With `after` (a CTE of one
 * row), the delete joins it, so it runs after that CTE (the atomic booking statement's lock
 * order: its quota shard before anything of the human's).
 */
export function expiredHoldsDeleteCtes(
  p: Params,
  { organizationId, humanIds, now, after }: { organizationId: string; humanIds: readonly string[]; now: Date; after?: string },
): string {
  return `expired_holds AS (
       DELETE FROM holds${after ? ` USING ${after}` : ''}
        WHERE holds.organization_id = ${p.ref(organizationId, 'uuid')} AND holds.human_id = ANY(${p.ref(`{${humanIds.join(',')}}`, 'uuid[]')})
          AND holds.expires_at <= ${p.ref(now.toISOString(), 'timestamptz')}
       RETURNING holds.organization_id, holds.id
     ), expired_claims AS (
       DELETE FROM time_claims WHERE (organization_id, hold_id) IN (SELECT organization_id, id FROM expired_holds) RETURNING 1
     )`;
}

/**
 * Deletes a human's expired holds and their claims (see expiredHoldsDeleteCtes): run first by
 * every transaction that writes a claim for that human, so the exclusion constraint only ever
 * meets live holds.
 */
export async function deleteExpiredHolds(query: Sql, organizationId: string, humanIds: readonly string[], now: Date): Promise<void> {
  const p = new Params();
  await query(`WITH ${expiredHoldsDeleteCtes(p, { organizationId, humanIds, now })} SELECT count(*) FROM expired_claims`, p.values);
}

/**
 * The organization's live holds, counted under a lock on its row (FOR NO KEY UPDATE, which
 * bookings' foreign-key checks do not wait for), so racing hold creations take turns and
 * each counts the ones committed before it.
 */
export async function countLiveHoldsLocked(query: Sql, organizationId: string, now: Date): Promise<number> {
  const p = new Params();
  await query(`SELECT 1 FROM organizations WHERE id = ${p.ref(organizationId, 'uuid')} FOR NO KEY UPDATE`, p.values);
  const q = new Params();
  const [row] = await query<{ live: number }>(
    `SELECT count(*)::int AS live FROM holds WHERE organization_id = ${q.ref(organizationId, 'uuid')} AND expires_at > ${q.ref(now.toISOString(), 'timestamptz')}`,
    q.values,
  );
  return row?.live ?? 0;
}

/**
 * Tidies up every expired hold of the organization, so rows of humans nobody books again do
 * not pile up; run by each new hold under the organization's lock. Not needed for
 * correctness (reads ignore expired holds), hence no separate sweeper.
 */
export async function deleteOrganizationExpiredHolds(query: Sql, organizationId: string, now: Date): Promise<void> {
  const p = new Params();
  await query(
    `DELETE FROM holds WHERE organization_id = ${p.ref(organizationId, 'uuid')} AND expires_at <= ${p.ref(now.toISOString(), 'timestamptz')}`,
    p.values,
  );
}
