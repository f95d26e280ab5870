import { useState, type FormEvent } from 'react';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookEventType, type WebhookWithSecret } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { usePaged } from '../api/use-paged.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { PagedTable } from '../components/paged-table.js';
import { SecretOnce } from '../components/secret-once.js';
import { Empty, ErrorNotice, PageHead } from '../components/states.js';
import { formatDateTime } from '../lib/format.js';
import { Link } from '../lib/router.js';

export function WebhooksPage() {
  const list = usePaged((cursor) => call(api.webhooks.list({ query: { limit: 50, cursor } }), 200), 'webhooks');
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const remove = useAction(async (webhook: Webhook) => {
    await call(api.webhooks.delete({ params: { webhook_id: webhook.id } }), 204);
    list.remove((w) => w.id === webhook.id);
    if (created?.id === webhook.id) setCreated(null);
    setDeleting(null);
  });

  return (
    <>
      <PageHead title="Webhooks" intro="We POST booking.confirmed and booking.cancelled to your URLs, signed with each webhook's secret." />
      <div className="stack">
        <AddWebhook
          onCreated={(webhook) => {
            setCreated(webhook);
            list.reload();
          }}
        />
        {created && (
          <SecretOnce title="Signing secret" subject={`For ${created.url}`} value={created.signing_secret} testId="signing-secret" />
        )}
        <PagedTable
          label="Webhooks"
          list={list}
          what="webhooks"
          columns={['URL', 'Events', 'Added', '']}
          empty={<Empty title="No webhooks yet">Add a URL above to hear about bookings as they happen, instead of polling.</Empty>}
          row={(w) => (
            <tr key={w.id} data-testid="webhook-row">
              <td data-label="URL" className="wrap-anywhere">
                <Link to={`/webhooks/${w.id}`} className="mono">
                  {w.url}
                </Link>
              </td>
              <td data-label="Events">{w.events.join(', ')}</td>
              <td data-label="Added">{formatDateTime(w.created_at)}</td>
              <td data-label="">
                <div className="row" style={{ flexWrap: 'nowrap' }}>
                  <Link className="button" to={`/webhooks/${w.id}`} aria-label={`Delivery log of ${w.url}`}>
                    Log
                  </Link>
                  <button
                    type="button"
                    className="ghost-danger"
                    onClick={() => (remove.clearError(), setDeleting(w))}
                    aria-label={`Delete the webhook ${w.url}`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          )}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => deleting && void remove.run(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <code style={{ overflowWrap: 'anywhere' }}>{deleting?.url}</code> stops receiving events at once, and its pending deliveries are
          dropped.
        </p>
      </ConfirmDialog>
    </>
  );
}

function AddWebhook({ onCreated }: { onCreated: (webhook: WebhookWithSecret) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const add = useAction(async () => {
    const webhook = await call(api.webhooks.create({ body: { url, events } }), 201);
    setUrl('');
    onCreated(webhook);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    void add.run();
  }

  function toggle(type: WebhookEventType, on: boolean) {
    setEvents((old) => (on ? [...old, type] : old.filter((e) => e !== type)));
  }

  return (
    <section className="card" aria-labelledby="add-webhook-title">
      <h2 id="add-webhook-title">Add a webhook</h2>
      {add.error !== undefined && <ErrorNotice error={add.error} />}
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="webhook-url">Endpoint URL</label>
          <input
            id="webhook-url"
            type="url"
            required
            placeholder="https://example.com/hooks/humantime"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <fieldset className="field" style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
          <legend className="small" style={{ fontWeight: 550, marginBottom: '0.3rem' }}>
            Events
          </legend>
          <div className="checks">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="primary" disabled={add.busy || events.length === 0}>
          {add.busy ? 'Adding…' : 'Add webhook'}
        </button>
      </form>
    </section>
  );
}
