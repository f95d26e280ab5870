import type { MembershipRole } from '@humantime/contract/dashboard';
import type { Db } from '../../db/open-store.js';
import { isUniqueViolation } from '../../db/prisma-errors.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { sha256Hex } from '../../lib/secret-tokens.js';
import type { ServiceDeps } from '../deps.js';
import { alreadyMember, findLiveInvite, invalidInvite, type LiveInvite } from './invites.js';
import { resolveSession, startSession, switchOrganization, type SignedIn, type StartedSession } from './sessions.js';
import { invalidCredentials } from './sign-in.js';
import { refundAttempt, takeAttempt } from './sign-in-throttle.js';
import { emailTaken } from './sign-up.js';

/** A new session (set its cookie), or this browser's session moved into the organization. */
export type AcceptedInvite = { kind: 'started'; started: StartedSession } | { kind: 'moved'; signedIn: SignedIn };

/**
 * Deletes the invite and adds the membership in one transaction: a link works exactly once,
 * even when two tabs submit it at the same moment. `account` is created first when the email
 * has none.
 */
async function join(
  db: Db,
  { token, now, invite }: { token: string; now: Date; invite: LiveInvite },
  account: { id: string } | { passwordHash: string },
) {
  return db
    .$transaction(async (tx) => {
      const consumed = await tx.$executeRaw`
        DELETE FROM dashboard_invites WHERE token_hash = ${sha256Hex(token)} AND expires_at > ${now}`;
      if (consumed === 0) throw invalidInvite();
      const accountId =
        'id' in account
          ? account.id
          : (await tx.account.create({ data: { email: invite.email, passwordHash: account.passwordHash }, select: { id: true } })).id;
      const role: MembershipRole = invite.role;
      await tx.membership.create({ data: { organizationId: invite.organization_id, accountId, role, createdAt: now } });
      return accountId;
    })
    .catch((error: unknown) => {
      // A new account whose email was signed up a moment ago, or someone who joined meanwhile.
      if (isUniqueViolation(error)) throw 'id' in account ? alreadyMember(invite.email) : emailTaken();
      throw error;
    });
}

/** An existing account proves itself with its password, counted against the sign-in throttle. */
async function checkPassword(db: Db, account: { email: string; passwordHash: string }, password: string | undefined, now: Date) {
  if (password === undefined) {
    throw new AppError('INVALID_CREDENTIALS', `${account.email} already has an account: enter its password to join, or sign in first.`);
  }
  const ticket = await takeAttempt(db, account.email, now);
  if (!(await verifyPassword(password, account.passwordHash))) throw invalidCredentials();
  await refundAttempt(db, ticket);
}

/**
 * Accepts an invite: the person joins the organization with the invite's role and is signed
 * in there. An email without an account gets one with `password`. An existing account
 * proves itself with a session of it in this browser (which then moves to the organization)
 * or with its password (a new session). The password check runs before the transaction,
 * never inside it.
 */
export async function acceptInvite(
  { store, clock }: Pick<ServiceDeps, 'store' | 'clock'>,
  input: { token: string; password: string | undefined; sessionToken: string | undefined },
): Promise<AcceptedInvite> {
  const { db } = store;
  const now = clock();
  const invite = await findLiveInvite(db, input.token, now);
  if (!invite) throw invalidInvite();
  const step = { token: input.token, now, invite };
  const account = await db.account.findUnique({ where: { email: invite.email }, select: { id: true, email: true, passwordHash: true } });

  if (!account) {
    if (input.password === undefined) {
      throw new AppError('VALIDATION_ERROR', 'password: choose a password of at least 12 characters for your new account.');
    }
    const accountId = await join(db, step, { passwordHash: await hashPassword(input.password) });
    return { kind: 'started', started: await startSession(db, { accountId, organizationId: invite.organization_id }, now) };
  }

  const signedIn = input.sessionToken ? await resolveSession(db, input.sessionToken, now) : undefined;
  const bySession = signedIn?.session.account.id === account.id;
  if (!bySession) await checkPassword(db, account, input.password, now);
  await join(db, step, { id: account.id });
  if (bySession && input.sessionToken) {
    return { kind: 'moved', signedIn: await switchOrganization({ store, clock }, input.sessionToken, invite.organization_id) };
  }
  return { kind: 'started', started: await startSession(db, { accountId: account.id, organizationId: invite.organization_id }, now) };
}
