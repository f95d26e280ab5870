import { useState } from 'react';
import type { CalendarFeed, Human } from '@humantime/contract';
import type { CalendarFeedStatus } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { formatDateTime } from '../lib/format.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { SecretOnce } from './secret-once.js';
import { ErrorNotice, Loading } from './states.js';

/**
 * The human's bookings as a calendar subscription. Its URL is answered once, when it is
 * made; afterwards the page can only say since when it is active, and offer a new one.
 */
export function SubscriptionLinkCard({ human }: { human: Human }) {
  const load = useLoad(() => call(api.calendarFeed.get({ params: { human_id: human.id } }), 200), `calendar-feed:${human.id}`);
  const [status, setStatus] = useState<CalendarFeedStatus | undefined>(undefined);
  const [fresh, setFresh] = useState<CalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'revoke' | null>(null);
  const shown = status ?? load.data;
  const create = useAction(async () => {
    const feed = await call(api.calendarFeed.create({ params: { human_id: human.id } }), 201);
    setFresh(feed);
    setStatus({ active_since: feed.created_at });
    setConfirming(null);
  });
  const revoke = useAction(async () => {
    await call(api.calendarFeed.revoke({ params: { human_id: human.id } }), 204);
    setFresh(null);
    setStatus({ active_since: null });
    setConfirming(null);
  });
  const open = (which: 'regenerate' | 'revoke') => {
    create.clearError();
    revoke.clearError();
    setConfirming(which);
  };
  const action = confirming === 'revoke' ? revoke : create;

  return (
    <section className="card" aria-labelledby="feed-title">
      <div className="card-head">
        <div>
          <div className="calendar-title">
            <h2 id="feed-title" style={{ margin: 0 }}>
              Subscription link
            </h2>
            {shown?.active_since && <span className="badge ok">Active</span>}
          </div>
          <p className="small muted" style={{ margin: '0.35rem 0 0' }}>
            {human.name}'s bookings as a calendar that Google Calendar, Outlook or Apple Calendar can subscribe to. Anyone with the link can
            read them.
          </p>
        </div>
      </div>
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !shown && <Loading what="the subscription link" />}
      {fresh && <SecretOnce title="New subscription link" value={fresh.url} testId="feed-url" />}
      {create.error !== undefined && confirming === null && <ErrorNotice error={create.error} />}
      {shown && shown.active_since === null && (
        <div className="row feed-none">
          <span className="muted">No link yet.</span>
          <button type="button" className="primary" onClick={() => void create.run()} disabled={create.busy}>
            {create.busy ? 'Creating…' : 'Create link'}
          </button>
        </div>
      )}
      {shown?.active_since && (
        <div className="feed-active">
          <p style={{ margin: 0 }}>
            Active since{' '}
            <time dateTime={shown.active_since} data-testid="feed-since">
              {formatDateTime(shown.active_since)}
            </time>
            {!fresh && <span className="small muted"> · the link was shown once, when it was made</span>}
          </p>
          <div className="row feed-actions">
            <button type="button" onClick={() => open('regenerate')}>
              Regenerate
            </button>
            <button type="button" className="ghost-danger" onClick={() => open('revoke')}>
              Revoke
            </button>
          </div>
        </div>
      )}
      {shown?.active_since && (
        <details className="help">
          <summary>How do I subscribe?</summary>
          <dl>
            <dt>Google Calendar</dt>
            <dd>
              Other calendars (+) → <em>From URL</em>, paste the link. Google can take several hours to show a change.
            </dd>
            <dt>Outlook</dt>
            <dd>
              Add calendar → <em>Subscribe from web</em>, paste the link.
            </dd>
            <dt>Apple Calendar</dt>
            <dd>
              File → <em>New Calendar Subscription</em>, paste the link.
            </dd>
          </dl>
        </details>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'revoke' ? 'Revoke the subscription link?' : 'Regenerate the subscription link?'}
        confirmLabel={confirming === 'revoke' ? 'Revoke link' : 'Regenerate link'}
        busy={action.busy}
        error={action.error}
        onConfirm={() => void action.run()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming === 'revoke'
            ? 'The link stops working at once: calendars subscribed to it stop showing new bookings. You can create a new link at any time.'
            : 'The old link stops working at once: every calendar subscribed to it stops updating until it subscribes to the new link, which is shown once.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
