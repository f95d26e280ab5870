import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { generateApiKey, hashApiKey, keyHint } from '../../lib/api-keys.js';
import { organizationView } from './organization-view.js';
import { autoPurchaseFor } from './update-organization.js';

/**
 * Creates an organization with its one API key; the key is returned here and never again.
 * Dashboard sign-up passes `firstAccount`, created in the same statement as the owner, so an
 * organization never exists without the person who signed it up (or the other way round).
 */
export async function createOrganization(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  input: {
    name: string;
    plan: Plan;
    autoPurchase: boolean;
    firstAccount?: { email: string; passwordHash: string } | undefined;
  },
) {
  const autoPurchase = autoPurchaseFor(input.plan, input.autoPurchase) ?? false;
  const apiKey = generateApiKey();
  const org = await db.organization.create({
    data: {
      name: input.name,
      plan: input.plan,
      autoPurchase,
      apiKey: { create: { keyHash: hashApiKey(apiKey), keyHint: keyHint(apiKey) } },
      ...(input.firstAccount ? { memberships: { create: { role: 'owner', account: { create: input.firstAccount } } } } : {}),
    },
    include: { memberships: { select: { accountId: true } } },
  });
  const { memberships, ...organization } = org;
  return { ...organizationView(organization), api_key: apiKey, account_id: memberships[0]?.accountId };
}
