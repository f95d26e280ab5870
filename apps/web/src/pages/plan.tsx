import { PLANS, type Plan } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
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
  const change = useAction(async (plan: Plan) => {
    await call(api.organization.updateOrganization({ body: { plan } }), 200).catch(refreshOnForbidden(refresh));
    load.reload();
    refresh();
  });
  const current = load.data?.organization.plan;

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
                  onClick={() => void change.run(plan)}
                >
                  {isCurrent ? 'Your plan' : `Switch to ${planName(plan)}`}
                </button>
              </section>
            );
          })}
        </div>
      )}
      {current === 'free' || current === undefined ? null : (
        <p className="small muted" style={{ marginTop: '1rem' }}>
          Moving to Free turns auto-purchase off.
        </p>
      )}
    </>
  );
}
