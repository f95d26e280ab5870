import type { WebhookDelivery } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { usePaged } from '../api/use-paged.js';
import { PagedTable } from '../components/paged-table.js';
import { Empty, PageHead } from '../components/states.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatDateTime, formatDateTimeSeconds, formatNumber } from '../lib/format.js';
import { Link } from '../lib/router.js';

export function WebhookDetailPage({ webhookId }: { webhookId: string }) {
  // There is no single-webhook route; the list (at most a plan's maximum) names it.
  const webhooks = useLoad(() => call(api.webhooks.list({ query: { limit: 100 } }), 200), 'webhooks');
  const webhook = webhooks.data?.data.find((w) => w.id === webhookId);
  const log = usePaged(
    (cursor) => call(api.webhooks.deliveries({ params: { webhook_id: webhookId }, query: { limit: 50, cursor } }), 200),
    `log:${webhookId}`,
  );

  return (
    <>
      <PageHead
        crumb={<Link to="/webhooks">← Webhooks</Link>}
        title="Delivery log"
        intro={webhook ? <code style={{ overflowWrap: 'anywhere' }}>{webhook.url}</code> : undefined}
      >
        <button type="button" onClick={log.reload}>
          Refresh
        </button>
      </PageHead>
      <PagedTable
        label="Deliveries"
        list={log}
        what="deliveries"
        columns={['Event', 'Booking', 'Status', 'Attempts']}
        empty={
          <Empty title="No deliveries yet">
            Each booking confirmed or cancelled from now on is delivered here. Refresh to see new ones.
          </Empty>
        }
        row={(d) => (
          <tr key={d.id} data-testid="delivery-row">
            <td data-label="Event">
              {d.event}
              <div className="small muted">{formatDateTime(d.created_at)}</div>
            </td>
            <td data-label="Booking">
              {/* Ids are in time order: their first characters are alike, their last ones tell them apart. */}
              <Link to={`/bookings/${d.booking_id}`} className="mono small nowrap" aria-label={`Booking ${d.booking_id}`}>
                …{d.booking_id.slice(-8)}
              </Link>
            </td>
            <td data-label="Status">
              <StatusBadge status={d.status} />
              {d.next_attempt_at && <div className="small muted">next try {formatDateTime(d.next_attempt_at)}</div>}
            </td>
            <td data-label="Attempts">
              <Attempts delivery={d} />
            </td>
          </tr>
        )}
      />
    </>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <span className="muted small">Not tried yet</span>;
  return (
    <ol style={{ margin: 0, paddingLeft: '1.1rem' }} className="small">
      {delivery.attempts.map((a) => (
        <li key={a.attempt}>
          {formatDateTimeSeconds(a.attempted_at)} ·{' '}
          {a.status_code !== null ? (
            <strong>HTTP {a.status_code}</strong>
          ) : (
            <strong className="ghost-danger">{a.error ?? 'no answer'}</strong>
          )}{' '}
          · {formatNumber(a.duration_ms)} ms
        </li>
      ))}
    </ol>
  );
}
