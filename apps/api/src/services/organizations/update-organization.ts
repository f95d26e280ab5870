import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { resumeAutoPurchase } from '../../db/tables/billing-accounts.js';
import { notFound } from '../../lib/app-error.js';
import { getOrganization } from './get-organization.js';

/**
 * Plan and auto-purchase changes apply to the very next request (nothing caches them).
 * Switching auto-purchase on (from off) starts a new purchase attempt, so a pack declined
 * before is charged again under a new idempotency key, and clears a pause.
 */
export async function updateOrganization(
  deps: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  patch: { plan?: Plan | undefined; autoPurchase?: boolean | undefined },
) {
  const db = deps.store.db;
  const resumes = patch.autoPurchase === true && (await db.organization.count({ where: { id: organizationId, autoPurchase: false } })) > 0;
  const { count } = await db.organization.updateMany({
    where: { id: organizationId },
    data: { plan: patch.plan, autoPurchase: patch.autoPurchase },
  });
  if (count === 0) throw notFound('Organization');
  if (resumes) await resumeAutoPurchase(deps.store.sql, organizationId);
  return getOrganization(deps, organizationId);
}
