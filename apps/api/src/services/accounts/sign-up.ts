import type { SignUpBody } from '@humantime/contract/dashboard';
import { isUniqueViolation } from '../../db/prisma-errors.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import type { ServiceDeps } from '../deps.js';
import { createOrganization } from '../organizations/create-organization.js';
import { startSession } from './sessions.js';

export const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');

/**
 * Sign-up: an organization on the Free plan with its first account (the same service as the
 * admin API's create-organization), then a session. The API key is returned for this one
 * response only.
 */
export async function signUp({ store, clock, config }: Pick<ServiceDeps, 'store' | 'clock' | 'config'>, body: SignUpBody) {
  const now = clock();
  if (config.dashboard.signup !== 'open') {
    throw new AppError(
      'SIGNUP_CLOSED',
      'Sign-up is closed on this service. Ask an owner of your organization, or the operator, for an invitation link.',
    );
  }
  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    created = await createOrganization(
      { store },
      {
        name: body.organization_name,
        plan: 'free',
        autoPurchase: false,
        firstAccount: { email: body.email, passwordHash },
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const session = await startSession(store.db, { accountId: created.account_id!, organizationId: created.organization_id }, now);
  return { ...session, apiKey: created.api_key };
}
