import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { notFound } from '../../lib/app-error.js';
import { getOrganization } from './get-organization.js';

/** Plan and auto-purchase changes apply to the very next request (nothing caches them). */
export async function updateOrganization(
  deps: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  patch: { plan?: Plan | undefined; autoPurchase?: boolean | undefined },
) {
  const { count } = await deps.store.db.organization.updateMany({
    where: { id: organizationId },
    data: { plan: patch.plan, autoPurchase: patch.autoPurchase },
  });
  if (count === 0) throw notFound('Organization');
  return getOrganization(deps, organizationId);
}
