import { useState } from 'react';
import type { Overview } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { ApiKeyCard } from '../components/api-key-card.js';
import { OwnersOnlyNote, useIsOwner } from '../components/owners-only.js';
import { useSession } from '../components/session.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { PLAN_LIMITS } from '@humantime/contract';
import { formatDateTime, formatNumber, formatPercent, planName } from '../lib/format.js';
import { PACK_SIZE, packPrice } from '../lib/plans.js';
import { refreshOnForbidden } from '../lib/roles.js';
import { Link } from '../lib/router.js';

export function OverviewPage() {
  const load = useLoad(() => call(api.organization.getOverview(), 200), 'overview');
  const [overview, setOverview] = useState<Overview | undefined>(undefined);
  const shown = overview ?? load.data;

  return (
    <>
      <PageHead title="Overview" intro={shown ? `${shown.organization.name} · ${planName(shown.organization.plan)} plan` : undefined} />
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !shown && <Loading what="your organization" />}
      {shown && (
        <div className="stack">
          <div className="grid">
            <UsageCard overview={shown} />
            <AutoPurchaseCard overview={shown} onChange={setOverview} />
          </div>
          <ApiKeyCard summary={shown.api_key} />
        </div>
      )}
    </>
  );
}

function UsageCard({ overview }: { overview: Overview }) {
  const { usage } = overview;
  const allowance = usage.quota + usage.overage_packs * PACK_SIZE;
  const fraction = allowance === 0 ? 1 : Math.min(1, usage.used / allowance);
  return (
    <section className="card" aria-labelledby="usage-title">
      <div className="card-head">
        <h2 id="usage-title">Bookings this month</h2>
        <span className="badge ok">{planName(usage.plan)}</span>
      </div>
      <div className="stat" data-testid="usage-used">
        {formatNumber(usage.used)} <span className="muted small">of {formatNumber(allowance)}</span>
      </div>
      <div
        className={`bar${fraction >= 1 ? ' full' : ''}`}
        role="progressbar"
        aria-label="Bookings used this month"
        aria-valuemin={0}
        aria-valuemax={allowance}
        aria-valuenow={usage.used}
        aria-valuetext={`${formatNumber(usage.used)} of ${formatNumber(allowance)} (${formatPercent(fraction)})`}
      >
        <span style={{ width: `${fraction * 100}%` }} />
      </div>
      <dl className="kv small">
        <dt>Plan quota</dt>
        <dd>{formatNumber(usage.quota)} bookings</dd>
        <dt>Overage packs</dt>
        <dd data-testid="usage-packs">
          {usage.overage_packs === 0 ? 'None this month' : `${formatNumber(usage.overage_packs)} × ${formatNumber(PACK_SIZE)} bookings`}
        </dd>
        <dt>Resets</dt>
        <dd>{formatDateTime(usage.period_end)}</dd>
      </dl>
    </section>
  );
}

function AutoPurchaseCard({ overview, onChange }: { overview: Overview; onChange: (next: Overview) => void }) {
  const { organization } = overview;
  const onFree = !PLAN_LIMITS[organization.plan].overage;
  // The switch moves at once and settles on the server's answer (or back, on an error).
  const [wanted, setWanted] = useState<boolean | null>(null);
  const { refresh } = useSession();
  const isOwner = useIsOwner();
  const toggle = useAction(async (on: boolean) => {
    setWanted(on);
    try {
      onChange(await call(api.organization.updateOrganization({ body: { auto_purchase: on } }), 200).catch(refreshOnForbidden(refresh)));
    } finally {
      setWanted(null);
    }
  });

  return (
    <section className="card" aria-labelledby="auto-title">
      <div className="card-head">
        <h2 id="auto-title">Auto-purchase</h2>
      </div>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={wanted ?? organization.auto_purchase}
          disabled={onFree || toggle.busy || !isOwner}
          onChange={(e) => void toggle.run(e.target.checked).then(refresh)}
          aria-describedby="auto-help"
        />
        Buy overage packs automatically
      </label>
      <p id="auto-help" className="small muted" style={{ marginTop: '0.75rem' }}>
        {onFree ? (
          <>
            Off on the Free plan: a booking past the quota is refused with 402 LIMIT_REACHED, never charged.{' '}
            {isOwner ? (
              <>
                <Link to="/plan">Move to Starter or Growth</Link> to turn it on.
              </>
            ) : (
              'An owner can move the organization to Starter or Growth to turn it on.'
            )}
          </>
        ) : (
          <>
            When the month's quota is used up, one pack of {formatNumber(PACK_SIZE)} bookings is bought for {packPrice()} and the booking
            goes through. When off, bookings past the quota are refused.
          </>
        )}
      </p>
      {overview.auto_purchase_paused && !organization.auto_purchase && (
        <p className="notice warn small" role="status" data-testid="auto-purchase-paused">
          Paused on {formatDateTime(overview.auto_purchase_paused.paused_at)}: {overview.auto_purchase_paused.reason}. Bookings past the
          quota are refused until it is switched on again
          {isOwner ? (
            <>
              ; check the card on the <Link to="/billing">Billing</Link> page first
            </>
          ) : (
            ''
          )}
          .
        </p>
      )}
      {!isOwner && <OwnersOnlyNote>Only owners can change auto-purchase.</OwnersOnlyNote>}
      {toggle.error !== undefined && <ErrorNotice error={toggle.error} />}
    </section>
  );
}
