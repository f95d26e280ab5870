import type { UpdateOrganizationBody } from '@humantime/contract/admin';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../../lib/app-error.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { hasCardOnFile } from '../billing/get-billing.js';
import { autoPurchaseFor, updateOrganization } from './update-organization.js';

/**
 * The dashboard's plan and auto-purchase switch, over the admin's updateOrganization (which
 * holds the auto-purchase rule for both: autoPurchaseFor). With Stripe configured, a move to
 * a paid plan needs a card on file (plan prices are not charged yet). Owners only.
 */
export async function changePlanSettings(deps: Pick<ServiceDeps, 'store' | 'stripe'>, member: ActingMember, body: UpdateOrganizationBody) {
  requireOwner(member, body.plan === undefined ? 'change auto-purchase' : 'change the plan');
  const org = member.organization;
  autoPurchaseFor(body.plan ?? org.plan, body.auto_purchase);
  if (body.plan && body.plan !== 'free' && body.plan !== org.plan && !(await hasCardOnFile(deps, org.id))) {
    throw new AppError('VALIDATION_ERROR', 'plan: Starter and Growth need a card on file; add one on the Billing page first.');
  }
  return updateOrganization(deps, org.id, { plan: body.plan, autoPurchase: body.auto_purchase });
}
