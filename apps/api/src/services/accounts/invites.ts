import type { InvitePreview, MembershipRole } from '@humantime/contract/dashboard';
import type { Db } from '../../db/open-store.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { resolveSession } from './sessions.js';

/** An invite link is valid for 24 hours, once. */
export const INVITE_TTL_MS = 24 * 3_600_000;

/** The link a person opens: the token rides in the fragment, so no server log or Referer sees it. */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/dashboard/accept-invite#token=${token}`;
}

export const alreadyMember = (email: string) => new AppError('EMAIL_TAKEN', `${email} is already a member of this organization.`);

export const invalidInvite = () => new AppError('NOT_FOUND', 'This invite link is invalid, already used or expired. Ask for a new one.');

export interface MadeInvite {
  id: string;
  organization_id: string;
  email: string;
  role: MembershipRole;
  token: string;
  created_at: string;
  expires_at: string;
}

/**
 * An invite for `email` to join the organization with `role`, as a new account or as the
 * account the email already has. A second invite for the same email replaces the first (its
 * link stops working), so at most one link per person is live. Someone already in the
 * organization is 409 EMAIL_TAKEN. Who may invite is the caller's rule (the admin API, or an
 * owner through services/team).
 */
export async function createInvite(
  { store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  organizationId: string,
  { email, role }: { email: string; role: MembershipRole },
): Promise<MadeInvite> {
  const now = clock();
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!org) throw notFound('Organization');
  const member = await db.membership.findFirst({ where: { organizationId, account: { email } }, select: { accountId: true } });
  if (member) throw alreadyMember(email);
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const data = { role, tokenHash: sha256Hex(token), createdAt: now, expiresAt };
  const row = await db.dashboardInvite.upsert({
    where: { organizationId_email: { organizationId, email } },
    create: { organizationId, email, ...data },
    update: data,
    select: { id: true },
  });
  return {
    id: row.id,
    organization_id: organizationId,
    email,
    role,
    token,
    created_at: toTimestamp(now),
    expires_at: toTimestamp(expiresAt),
  };
}

export interface LiveInvite {
  organization_id: string;
  organization_name: string;
  email: string;
  role: MembershipRole;
  expires_at: Date;
}

/** The invite a token names, while it is unused and under 24 hours old. */
export async function findLiveInvite(db: Db, token: string, now: Date): Promise<LiveInvite | undefined> {
  const [invite] = await db.$queryRaw<LiveInvite[]>`
    SELECT i.organization_id::text AS organization_id, o.name AS organization_name, i.email, i.role::text AS role, i.expires_at
      FROM dashboard_invites i JOIN organizations o ON o.id = i.organization_id
     WHERE i.token_hash = ${sha256Hex(token)} AND i.expires_at > ${now}`;
  return invite;
}

/**
 * What the accept-invite page needs before the person decides: which organization, as what,
 * and whether the email has an account already (then it takes that account's password, or a
 * session of it). Only the holder of the link learns this; nothing changes.
 */
export async function inspectInvite(
  { store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  { token, sessionToken }: { token: string; sessionToken: string | undefined },
): Promise<InvitePreview> {
  const now = clock();
  const invite = await findLiveInvite(db, token, now);
  if (!invite) throw invalidInvite();
  const account = await db.account.findUnique({ where: { email: invite.email }, select: { id: true } });
  const signedIn = sessionToken ? await resolveSession(db, sessionToken, now) : undefined;
  return {
    organization: { organization_id: invite.organization_id, name: invite.organization_name },
    email: invite.email,
    role: invite.role,
    expires_at: toTimestamp(new Date(invite.expires_at)),
    account_exists: account !== null,
    signed_in_as: signedIn?.session.account.email ?? null,
  };
}
