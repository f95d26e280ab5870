import type { UpdateOrganizationBody } from '@humantime/contract/admin';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../../lib/app-error.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { hasCardOnFile } from '../billing/get-billing.js';
import { PLAN_LIMITS } from '../billing/plans.js';
import { updateOrganization } from './update-organization.js';

/**
 * The dashboard's plan and auto-purchase switch, over the admin's updateOrganization.
 * A customer cannot switch auto-purchase on where the plan has no overage (Free): it would
 * read as "bookings keep working past the quota" while they are refused. Moving to such a
 * plan switches it off, so the Overview never shows a switch that does nothing. With Stripe
 * configured, a move to a paid plan needs a card on file (plan prices are not charged yet).
 * Owners only.
 */
export async function changePlanSettings(deps: Pick<ServiceDeps, 'store' | 'stripe'>, member: ActingMember, body: UpdateOrganizationBody) {
  requireOwner(member, body.plan === undefined ? 'change auto-purchase' : 'change the plan');
  const org = member.organization;
  const plan = body.plan ?? org.plan;
  const overage = PLAN_LIMITS[plan].overage;
  if (body.auto_purchase === true && !overage) {
    throw new AppError(
      'VALIDATION_ERROR',
      'auto_purchase: can only be switched on for the Starter and Growth plans; on Free, bookings past the monthly quota are refused, never charged.',
    );
  }
  if (body.plan && body.plan !== 'free' && body.plan !== org.plan && !(await hasCardOnFile(deps, org.id))) {
    throw new AppError('VALIDATION_ERROR', 'plan: Starter and Growth need a card on file; add one on the Billing page first.');
  }
  return updateOrganization(deps, org.id, {
    plan: body.plan,
    autoPurchase: overage ? body.auto_purchase : false,
  });
}
