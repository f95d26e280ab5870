import { api, call } from '../api/client.js';
import { usePaged } from '../api/use-paged.js';
import { OwnersOnlyNote, useIsOwner } from '../components/owners-only.js';
import { CardOnFile } from '../components/card-on-file.js';
import { PagedTable } from '../components/paged-table.js';
import { StatusBadge } from '../components/status-badge.js';
import { Empty, PageHead } from '../components/states.js';
import { formatDateTime, formatNumber } from '../lib/format.js';
import { Link } from '../lib/router.js';

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

const INTRO = "Overage packs bought when a month's quota ran out with auto-purchase on.";

/** What the organization was charged: owners only (the server answers a member 403). */
export function BillingPage() {
  const isOwner = useIsOwner();
  if (!isOwner) {
    return (
      <>
        <PageHead title="Billing" intro={INTRO} />
        <OwnersOnlyNote boxed>Only owners can see billing.</OwnersOnlyNote>
      </>
    );
  }
  return <OveragePacks />;
}

function OveragePacks() {
  const packs = usePaged((cursor) => call(api.organization.listOveragePacks({ query: { limit: 50, cursor } }), 200), 'packs');
  return (
    <>
      <PageHead title="Billing" intro={INTRO} />
      <CardOnFile />
      <PagedTable
        label="Overage packs"
        list={packs}
        what="packs"
        columns={['Date', 'Pack', 'Amount', 'Status', 'Payment']}
        empty={
          <Empty title="No overage packs bought">
            Nothing charged so far. Packs are bought only on Starter or Growth with auto-purchase on; see the <Link to="/">Overview</Link>.
          </Empty>
        }
        row={(p) => (
          <tr key={p.id}>
            <td data-label="Date">{formatDateTime(p.purchased_at)}</td>
            <td data-label="Pack">{formatNumber(p.pack_size)} bookings</td>
            <td data-label="Amount">{money(p.amount_cents, p.currency)}</td>
            <td data-label="Status">
              <StatusBadge status={p.status} />
              {p.failure && <span className="small muted"> {p.failure}</span>}
            </td>
            <td data-label="Payment">
              <code>{p.payment_id ?? '—'}</code>
            </td>
          </tr>
        )}
      />
    </>
  );
}
