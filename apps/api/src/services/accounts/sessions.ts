import type { MembershipRole, MembershipSummary, Session } from '@humantime/contract/dashboard';
import type { Db } from '../../db/open-store.js';
import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import type { AuthedOrganization } from '../organizations/authed-organization.js';
import type { ActingMember } from '../team/acting-member.js';
import { notFound } from '../../lib/app-error.js';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import { toTimestamp } from '../../lib/timestamps.js';

/** A session ends after 12 h without use, or 7 days after sign-in, whichever comes first. */
export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3_600_000;

export interface SignedIn {
  /** Who, in which organization and with which role; the list of organizations is `describeSession`'s. */
  session: Omit<Session, 'organizations'>;
  organization: AuthedOrganization;
  member: ActingMember;
}

export interface StartedSession extends SignedIn {
  /** For the cookie only: never stored, never logged. */
  token: string;
  startedAt: Date;
  expiresAt: Date;
}

/**
 * Starts a session for an account in one of its organizations (the membership must exist: a
 * foreign key says so); the token goes into the cookie and only its hash is kept.
 */
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
    db.account.update({ where: { id: accountId }, data: { lastSignedInAt: now } }),
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
  role: MembershipRole;
}

/**
 * The signed-in account for a cookie token, or undefined when the session is unknown,
 * signed out, idle for 12 h or past its 7 days. Checking and touching last_used_at is one
 * UPDATE, so two processes cannot revive a session the other saw expire. The role is read
 * in the same statement, so a role changed a moment ago applies to this very request.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SignedIn | undefined> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const rows = await db.$queryRaw<SessionRow[]>`
    WITH touched AS (
      UPDATE dashboard_sessions SET last_used_at = ${now}
       WHERE token_hash = ${sha256Hex(token)} AND expires_at > ${now} AND last_used_at > ${idleCutoff}
       RETURNING account_id, organization_id, expires_at)
    SELECT t.expires_at, a.id::text AS account_id, a.email, a.created_at AS account_created_at,
           o.id::text AS organization_id, o.name, o.plan::text AS plan, o.auto_purchase, m.role::text AS role
      FROM touched t
      JOIN memberships m ON m.organization_id = t.organization_id AND m.account_id = t.account_id
      JOIN accounts a ON a.id = t.account_id
      JOIN organizations o ON o.id = t.organization_id`;
  const row = rows[0];
  if (!row) return undefined;
  const organization = { id: row.organization_id, plan: row.plan, autoPurchase: row.auto_purchase };
  return {
    organization,
    member: { organization, organizationName: row.name, accountId: row.account_id, email: row.email, role: row.role },
    session: {
      account: { id: row.account_id, email: row.email, created_at: toTimestamp(new Date(row.account_created_at)) },
      organization: { organization_id: row.organization_id, name: row.name, plan: row.plan },
      role: row.role,
      expires_at: toTimestamp(new Date(row.expires_at)),
    },
  };
}

/** Every organization an account belongs to, first joined first. */
export async function membershipsOf(db: Db, accountId: string): Promise<MembershipSummary[]> {
  return db.$queryRaw<MembershipSummary[]>`
    SELECT o.id::text AS organization_id, o.name, m.role::text AS role
      FROM memberships m JOIN organizations o ON o.id = m.organization_id
     WHERE m.account_id = ${accountId}::uuid
     ORDER BY m.created_at, o.id`;
}

/** The full answer of GET /session (and of sign-in, accept-invite and switching): with the switcher's list. */
export async function describeSession({ store: { db } }: Pick<ServiceDeps, 'store'>, signedIn: SignedIn): Promise<Session> {
  return { ...signedIn.session, organizations: await membershipsOf(db, signedIn.session.account.id) };
}

/**
 * Moves a live session to another organization of its account, in one UPDATE that finds the
 * membership (an organization the account is not in is 404, as one that does not exist). The
 * foreign key from the session to the membership holds the same rule in the database.
 */
export async function switchOrganization(
  { store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  token: string,
  organizationId: string,
): Promise<SignedIn> {
  const now = clock();
  const moved = await db.$executeRaw`
    UPDATE dashboard_sessions s SET organization_id = ${organizationId}::uuid
     WHERE s.token_hash = ${sha256Hex(token)} AND s.expires_at > ${now}
       AND EXISTS (SELECT 1 FROM memberships m WHERE m.organization_id = ${organizationId}::uuid AND m.account_id = s.account_id)`;
  const signedIn = moved > 0 ? await resolveSession(db, token, now) : undefined;
  if (!signedIn) throw notFound('Organization');
  return signedIn;
}

/** Sign-out: the row is gone, so the cookie is worthless from this moment, in every process. */
export async function endSession({ store: { db } }: Pick<ServiceDeps, 'store'>, token: string): Promise<void> {
  await db.dashboardSession.deleteMany({ where: { tokenHash: sha256Hex(token) } });
}
