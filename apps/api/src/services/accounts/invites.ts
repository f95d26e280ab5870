import { isUniqueViolation } from '../../db/prisma-errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { newSecretToken, sha256Hex } from '../../lib/secret-tokens.js';
import { toTimestamp } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import { startSession } from './sessions.js';
import { emailTaken } from './sign-up.js';

/** An invite link is valid for 24 hours, once. */
export const INVITE_TTL_MS = 24 * 3_600_000;

/**
 * An invite for `email` to join the organization. A second invite for the same email
 * replaces the first (its link stops working), so at most one link per person is live.
 */
export async function createInvite({ store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>, organizationId: string, email: string) {
  const now = clock();
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!org) throw notFound('Organization');
  if (await db.account.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  const data = { tokenHash: sha256Hex(token), createdAt: now, expiresAt };
  await db.dashboardInvite.upsert({
    where: { organizationId_email: { organizationId, email } },
    create: { organizationId, email, ...data },
    update: data,
  });
  return { organization_id: organizationId, email, token, expires_at: toTimestamp(expiresAt) };
}

const invalidInvite = () => new AppError('NOT_FOUND', 'This invite link is invalid, already used or expired. Ask for a new one.');

/**
 * Sets the password from an invite and signs the new account in. The invite row is deleted
 * in the transaction that creates the account: a link works exactly once, even when two
 * tabs submit it at the same moment.
 */
export async function acceptInvite(
  { store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  input: { token: string; password: string },
) {
  const now = clock();
  const passwordHash = await hashPassword(input.password);
  const account = await db
    .$transaction(async (tx) => {
      const [invite] = await tx.$queryRaw<Array<{ organization_id: string; email: string }>>`
        DELETE FROM dashboard_invites WHERE token_hash = ${sha256Hex(input.token)} AND expires_at > ${now}
        RETURNING organization_id::text AS organization_id, email`;
      if (!invite) throw invalidInvite();
      return tx.account.create({
        data: { organizationId: invite.organization_id, email: invite.email, passwordHash },
        select: { id: true, organizationId: true },
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  return startSession(db, { accountId: account.id, organizationId: account.organizationId }, now);
}
