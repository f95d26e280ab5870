import { useState } from 'react';
import { PLANS, type Plan } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { OwnersOnlyNote, useIsOwner } from '../components/owners-only.js';
import { useSession } from '../components/session.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { PLAN_LIMITS } from '@humantime/contract';
import { formatNumber, planName } from '../lib/format.js';
import { PACK_SIZE, packPrice, PLAN_BLURB, webhookAllowance } from '../lib/plans.js';
import { refreshOnForbidden } from '../lib/roles.js';

export function PlanPage() {
  const load = useLoad(() => call(api.organization.getOverview(), 200), 'plan');
  const { refresh } = useSession();
  const isOwner = useIsOwner();
  // A move to a smaller plan is confirmed first: it can refuse bookings at once.
  const [downgrade, setDowngrade] = useState<Plan | null>(null);
  const change = useAction(async (plan: Plan) => {
    await call(api.organization.updateOrganization({ body: { plan } }), 200).catch(refreshOnForbidden(refresh));
    setDowngrade(null);
    load.reload();
    refresh();
  });
  const current = load.data?.organization.plan;
  const choose = (plan: Plan) =>
    current && PLAN_LIMITS[plan].monthlyQuota < PLAN_LIMITS[current].monthlyQuota ? setDowngrade(plan) : void change.run(plan);

  return (
    <>
      <PageHead title="Plan" intro="A change applies to the very next request. The month's usage carries over." />
      {!isOwner && <OwnersOnlyNote boxed>Only owners can change the plan.</OwnersOnlyNote>}
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {change.error !== undefined && <ErrorNotice error={change.error} />}
      {load.loading && !load.data && <Loading what="your plan" />}
      {current && (
        <div className="plans">
          {PLANS.map((plan) => {
            const limits = PLAN_LIMITS[plan];
            const isCurrent = plan === current;
            return (
              <section key={plan} className={`plan${isCurrent ? ' current' : ''}`} aria-labelledby={`plan-${plan}`}>
                <div className="row" style={{ justifyContent: 'space-between' }}>
                  <h2 id={`plan-${plan}`}>{planName(plan)}</h2>
                  {isCurrent && <span className="badge ok">Current plan</span>}
                </div>
                <p className="muted small">{PLAN_BLURB[plan]}</p>
                <ul className="small">
                  <li>{formatNumber(limits.monthlyQuota)} bookings a month</li>
                  <li>{webhookAllowance(plan)}</li>
                  <li>
                    {limits.overage
                      ? `Optional auto-purchase: ${formatNumber(PACK_SIZE)} more for ${packPrice()}`
                      : 'Bookings past the quota are refused'}
                  </li>
                </ul>
                <button
                  type="button"
                  className={isCurrent ? '' : 'primary'}
                  disabled={isCurrent || change.busy || !isOwner}
                  onClick={() => choose(plan)}
                >
                  {isCurrent ? 'Your plan' : `Switch to ${planName(plan)}`}
                </button>
              </section>
            );
          })}
        </div>
      )}
      {downgrade && load.data && (
        <ConfirmDialog
          open
          title={`Switch to ${planName(downgrade)}?`}
          confirmLabel={`Switch to ${planName(downgrade)}`}
          busy={change.busy}
          error={change.error}
          onConfirm={() => void change.run(downgrade)}
          onCancel={() => setDowngrade(null)}
        >
          <DowngradeEffects to={downgrade} used={load.data.usage.used} />
        </ConfirmDialog>
      )}
      {current === 'free' || current === undefined ? null : (
        <p className="small muted" style={{ marginTop: '1rem' }}>
          Moving to Free turns auto-purchase off.
        </p>
      )}
    </>
  );
}

/** What a move to a smaller plan changes, from the very next request. */
function DowngradeEffects({ to, used }: { to: Plan; used: number }) {
  const limits = PLAN_LIMITS[to];
  return (
    <ul className="small">
      <li>
        {formatNumber(limits.monthlyQuota)} bookings a month
        {used >= limits.monthlyQuota
          ? `: ${formatNumber(used)} are used this month, so new bookings are refused (402 LIMIT_REACHED) until the month ends${limits.overage ? ' unless auto-purchase buys packs' : ''}.`
          : ` (${formatNumber(used)} used this month).`}
      </li>
      {!limits.overage && <li>Auto-purchase turns off: bookings past the quota are refused.</li>}
      <li>{webhookAllowance(to)}: webhooks past that keep working, and new ones are refused until some are deleted.</li>
    </ul>
  );
}
