import { AppError } from '../../lib/app-error.js';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords.js';
import type { ServiceDeps } from '../deps.js';
import { refundAttempt, takeAttempt } from './sign-in-throttle.js';
import { startSession } from './sessions.js';

export const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The email or password is incorrect.');

/**
 * Checks email and password and starts a session. An unknown email costs the same hash
 * work and gets the same answer as a wrong password, and both count against the throttle,
 * so neither the answer nor its timing tells whether the account exists.
 */
export async function signIn({ store: { db }, clock }: Pick<ServiceDeps, 'store' | 'clock'>, input: { email: string; password: string }) {
  const now = clock();
  const ticket = await takeAttempt(db, input.email, now);
  const account = await db.account.findUnique({ where: { email: input.email } });
  const ok = account ? await verifyPassword(input.password, account.passwordHash) : await verifyDummyPassword(input.password);
  if (!account || !ok) throw invalidCredentials();
  await refundAttempt(db, ticket);
  // Into the organization the account joined first; the switcher moves the session on. An
  // account always has one: removing its last membership deletes it (services/team).
  const first = await db.membership.findFirst({
    where: { accountId: account.id },
    orderBy: [{ createdAt: 'asc' }, { organizationId: 'asc' }],
    select: { organizationId: true },
  });
  if (!first) throw invalidCredentials();
  return startSession(db, { accountId: account.id, organizationId: first.organizationId }, now);
}
