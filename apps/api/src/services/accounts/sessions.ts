import type { Session } from '@humantime/contract/dashboard';
import type { Db } from '../../db/open-store.js';
import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import { toTimestamp } from '../../lib/timestamps.js';

/** A session ends after 12 h without use, or 7 days after sign-in, whichever comes first. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3_600_000;

export interface SignedIn {
  session: Session;
  organization: AuthedOrganization;
}

export interface StartedSession extends SignedIn {
  /** For the cookie only: never stored, never logged. */
  token: string;
  startedAt: Date;
  expiresAt: Date;
}

/** Starts a session for an account; the token goes into the cookie and only its hash is kept. */
export async function startSession(db: Db, account: { accountId: string; organizationId: string }, now: Date): Promise<StartedSession> {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const { accountId, organizationId } = account;
  await db.$transaction([
    // Sessions that already ended are dead weight: drop this account's as a new one starts.
    db.dashboardSession.deleteMany({
      where: {
        accountId,
        OR: [{ expiresAt: { lte: now } }, { lastUsedAt: { lte: new Date(now.getTime() - SESSION_IDLE_MS) } }],
      },
    }),
    db.dashboardSession.create({
      data: {
        organizationId,
        accountId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        lastUsedAt: now,
        expiresAt,
      },
    }),
  ]);
  const signedIn = await resolveSession(db, token, now);
  if (!signedIn) throw new Error('a session just started did not resolve');
  return { token, startedAt: now, expiresAt, ...signedIn };
}

interface SessionRow {
  expires_at: Date;
  account_id: string;
  email: string;
  account_created_at: Date;
  organization_id: string;
  name: string;
  plan: Plan;
  auto_purchase: boolean;
}

/**
 * The signed-in account for a cookie token, or undefined when the session is unknown,
 * signed out, idle for 12 h or past its 7 days. Checking and touching last_used_at is one
 * UPDATE, so two processes cannot revive a session the other saw expire.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SignedIn | undefined> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const rows = await db.$queryRaw<SessionRow[]>`
    WITH touched AS (
      UPDATE dashboard_sessions SET last_used_at = ${now}
       WHERE token_hash = ${sha256Hex(token)} AND expires_at > ${now} AND last_used_at > ${idleCutoff}
       RETURNING account_id, organization_id, expires_at)
    SELECT t.expires_at, a.id::text AS account_id, a.email, a.created_at AS account_created_at,
           o.id::text AS organization_id, o.name, o.plan::text AS plan, o.auto_purchase
      FROM touched t
      JOIN accounts a ON a.id = t.account_id
      JOIN organizations o ON o.id = t.organization_id`;
  const row = rows[0];
  if (!row) return undefined;
  return {
    organization: { id: row.organization_id, plan: row.plan, autoPurchase: row.auto_purchase },
    session: {
      account: { id: row.account_id, email: row.email, created_at: toTimestamp(new Date(row.account_created_at)) },
      organization: { organization_id: row.organization_id, name: row.name, plan: row.plan },
      expires_at: toTimestamp(new Date(row.expires_at)),
    },
  };
}

/** Sign-out: the row is gone, so the cookie is worthless from this moment, in every process. */
export async function endSession({ store: { db } }: Pick<ServiceDeps, 'store'>, token: string): Promise<void> {
  await db.dashboardSession.deleteMany({ where: { tokenHash: sha256Hex(token) } });
}
