import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { resumeAutoPurchase } from '../../db/tables/billing-accounts.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { PLAN_LIMITS } from '../billing/plans.js';
import { getOrganization } from './get-organization.js';

/**
 * Auto-purchase exists only where the plan has overage (Starter, Growth). One rule for the
 * admin API, `pnpm admin` and the dashboard: switching it on for Free is refused (it would
 * read as "bookings keep working past the quota" while they are refused), and a move to Free
 * switches it off, so no organization ever shows a switch that does nothing.
 */
export function autoPurchaseFor(plan: Plan, asked: boolean | undefined): boolean | undefined {
  if (PLAN_LIMITS[plan].overage) return asked;
  if (asked === true) {
    throw new AppError(
      'VALIDATION_ERROR',
      'auto_purchase: can only be switched on for the Starter and Growth plans; on Free, bookings past the monthly quota are refused, never charged.',
    );
  }
  return false;
}

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
  const current = await db.organization.findUnique({ where: { id: organizationId }, select: { plan: true, autoPurchase: true } });
  if (!current) throw notFound('Organization');
  const autoPurchase = autoPurchaseFor(patch.plan ?? current.plan, patch.autoPurchase);
  const resumes = autoPurchase === true && !current.autoPurchase;
  const { count } = await db.organization.updateMany({
    where: { id: organizationId },
    data: { plan: patch.plan, autoPurchase },
  });
  if (count === 0) throw notFound('Organization');
  if (resumes) await resumeAutoPurchase(deps.store.sql, organizationId);
  return getOrganization(deps, organizationId);
}
