import type { UpdateOrganizationBody } from '@humantime/contract/admin';
import type { ServiceDeps } from '../deps.js';
import { requireOwner, type ActingMember } from '../team/acting-member.js';
import { autoPurchaseFor, updateOrganization } from './update-organization.js';

/**
 * The dashboard's plan and auto-purchase switch, over the admin's updateOrganization (which
 * holds the rules for both: auto-purchase only on paid plans, and with Stripe configured a
 * move to a paid plan only with a card on file). Owners only.
 */
export async function changePlanSettings(deps: Pick<ServiceDeps, 'store' | 'stripe'>, member: ActingMember, body: UpdateOrganizationBody) {
  requireOwner(member, body.plan === undefined ? 'change auto-purchase' : 'change the plan');
  const org = member.organization;
  autoPurchaseFor(body.plan ?? org.plan, body.auto_purchase);
  return updateOrganization(deps, org.id, { plan: body.plan, autoPurchase: body.auto_purchase });
}
