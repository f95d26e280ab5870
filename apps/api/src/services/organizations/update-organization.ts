import type { ServiceDeps } from '../deps.js';
import type { Plan } from '../../generated/prisma/enums.js';
import { resumeAutoPurchase } from '../../db/tables/billing-accounts.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { PLAN_LIMITS } from '../billing/plans.js';
import { getOrganization } from './get-organization.js';
import { Params } from '../../db/params.js';

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
 * With Stripe on, a move to a paid plan needs a card on file (plan prices are not charged yet,
 * but its packs are): for the dashboard, the admin API and `pnpm admin set-plan` alike, so an
 * operator sets the payment method first. Staying on the same plan is no move.
 */
async function requireCardForMove(deps: Pick<ServiceDeps, 'store' | 'stripe'>, organizationId: string, plan: Plan): Promise<void> {
  if (!deps.stripe) return;
  const [row] = await deps.store.sql<{ plan: Plan; card: boolean }>(
    `SELECT o.plan::text AS plan, (b.payment_method_id IS NOT NULL) AS card
       FROM organizations o LEFT JOIN billing_accounts b ON b.organization_id = o.id
      WHERE o.id = $1::uuid`,
    [organizationId],
  );
  if (!row) throw notFound('Organization');
  if (row.plan !== plan && !row.card) {
    throw new AppError(
      'VALIDATION_ERROR',
      'plan: Starter and Growth need a card on file; add one on the Billing page (or `pnpm admin set-payment-method`) first.',
    );
  }
}

/**
 * Plan and auto-purchase changes apply to the very next request (nothing caches them).
 * Switching auto-purchase on (from off) starts a new purchase attempt, so a pack declined
 * before is charged again under a new idempotency key, and clears a pause. One statement,
 * against the row as it is when locked: a move to Free and a switch turned on cannot race
 * into a Free organization buying packs (the table's check constraint holds it too).
 */
export async function updateOrganization(
  deps: Pick<ServiceDeps, 'store' | 'stripe'>,
  organizationId: string,
  patch: { plan?: Plan | undefined; autoPurchase?: boolean | undefined },
) {
  if (patch.plan !== undefined) autoPurchaseFor(patch.plan, patch.autoPurchase);
  if (patch.plan !== undefined && patch.plan !== 'free') await requireCardForMove(deps, organizationId, patch.plan);
  const p = new Params();
  const id = p.ref(organizationId, 'uuid');
  const plan = patch.plan === undefined ? 'o.plan' : `${p.ref(patch.plan, 'text')}::"Plan"`;
  const asked = p.ref(patch.autoPurchase ?? null, 'boolean');
  // Only Free lacks overage (PLAN_LIMITS); SET reads the row's values before the update.
  const [row] = await deps.store.sql<{ resumed: boolean }>(
    `WITH old AS (SELECT id, auto_purchase FROM organizations WHERE id = ${id} FOR UPDATE)
     UPDATE organizations o
        SET plan = ${plan}, auto_purchase = CASE WHEN ${plan} = 'free' THEN false ELSE COALESCE(${asked}, o.auto_purchase) END,
            updated_at = now()
       FROM old
      WHERE o.id = old.id AND NOT (${plan} = 'free' AND ${asked} IS TRUE)
     RETURNING (NOT old.auto_purchase AND o.auto_purchase) AS resumed`,
    p.values,
  );
  if (!row) {
    const [found] = await deps.store.sql<{ plan: Plan }>(`SELECT plan::text AS plan FROM organizations WHERE id = $1::uuid`, [
      organizationId,
    ]);
    if (!found) throw notFound('Organization');
    autoPurchaseFor(found.plan, patch.autoPurchase);
  }
  if (row?.resumed) await resumeAutoPurchase(deps.store.sql, organizationId);
  return getOrganization(deps, organizationId);
}
