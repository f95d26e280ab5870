import type { Billing } from '@humantime/contract/dashboard';
import { useEffect } from 'react';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { useLocation } from '../lib/router.js';
import { ErrorNotice, Loading } from './states.js';

const brandName = (brand: string) => (brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1));

function cardLine(card: NonNullable<Billing['card']>): string {
  const expiry = card.exp_month && card.exp_year ? `, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : '';
  return `${brandName(card.brand)} ending ${card.last4 ?? '····'}${expiry}`;
}

/**
 * The Billing page's head: the card packs are charged to (added through Stripe Checkout, a
 * redirect there and back; the card itself arrives by Stripe's webhook), and why auto-purchase
 * was paused when a charge was declined.
 */
export function CardOnFile() {
  const { query } = useLocation();
  const returned = query.get('card');
  const load = useLoad(() => call(api.organization.getBilling(), 200), 'billing');
  const setup = useAction(async () => {
    const { url } = await call(api.organization.startCardSetup(), 200);
    window.location.assign(url);
  });
  const billing = load.data;
  // Back from Checkout before Stripe's webhook: look again for a few seconds.
  const waiting = returned === 'added' && billing !== undefined && billing.card === null;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(load.reload, 1_000);
    return () => clearTimeout(timer);
  }, [waiting, load.reload]);

  return (
    <section className="card stacked" aria-labelledby="card-title">
      <div className="card-head">
        <h2 id="card-title">Payment</h2>
      </div>
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !billing && <Loading what="billing" />}
      {billing?.auto_purchase_paused && (
        <p className="notice warn" role="alert" data-testid="auto-purchase-paused">
          Auto-purchase was paused: {billing.auto_purchase_paused.reason}. Switch it on again on the Overview once the card is fixed.
        </p>
      )}
      {billing?.processor === 'ledger' && (
        <p className="small muted">Packs are recorded in this service&apos;s ledger; no card is needed.</p>
      )}
      {billing?.processor === 'stripe' && (
        <>
          <p data-testid="card-on-file">
            {billing.card ? cardLine(billing.card) : waiting ? 'Confirming the card with Stripe…' : 'No card on file.'}
          </p>
          {returned === 'cancelled' && <p className="small muted">Card set-up was cancelled; nothing changed.</p>}
          <button type="button" className={billing.card ? '' : 'primary'} disabled={setup.busy} onClick={() => void setup.run()}>
            {billing.card ? 'Replace the card' : 'Add a card'}
          </button>
          <p className="small muted">Cards are entered on Stripe&apos;s own page; this service never sees the number.</p>
          {setup.error !== undefined && <ErrorNotice error={setup.error} />}
        </>
      )}
    </section>
  );
}
