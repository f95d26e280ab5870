import { useEffect, useId, useState, type FormEvent } from 'react';
import { MAX_CALENDARS_PER_HUMAN, type Calendar, type CalendarFeed, type Human } from '@humantime/contract';
import type { CalendarFeedStatus } from '@humantime/contract/dashboard';
import { api, ApiError, call, messageOf } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { useLoad } from '../api/use-load.js';
import { usePaged } from '../api/use-paged.js';
import { formatAgo, formatDateTime, formatNumber } from '../lib/format.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { SecretOnce } from './secret-once.js';
import { ErrorNotice, Loading } from './states.js';
import { StatusBadge } from './status-badge.js';

const KIND_LABEL: Record<Calendar['kind'], string> = { ics: 'iCalendar feed', caldav: 'CalDAV calendar' };

/**
 * The host of a calendar's address, and nothing more: the rest of it (a feed's secret path,
 * a CalDAV user's collection) works like a password, so the page never shows it.
 */
export function calendarHost(url: string): string {
  try {
    return new URL(url).host || 'unknown address';
  } catch {
    return 'unknown address';
  }
}

const labelOf = (calendar: Calendar) => calendar.name ?? KIND_LABEL[calendar.kind];
const busyTimes = (count: number) => `${formatNumber(count)} busy ${count === 1 ? 'time' : 'times'}`;

/** The current time, moved on every half minute, so "Last read 5 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A human's own calendars: each with its last read, its problem if any, "Sync now" and
 * "Remove", and a form to add one. `onBusyChanged` is told whenever the busy time that blocks
 * the human's slots may have changed (added, read again, removed).
 */
export function CalendarsCard({ human, onBusyChanged }: { human: Human; onBusyChanged?: () => void }) {
  const list = usePaged(() => call(api.calendars.list({ params: { human_id: human.id } }), 200), `calendars:${human.id}`);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Calendar | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const now = useNow();
  const remove = useAction(async (calendar: Calendar) => {
    await call(api.calendars.delete({ params: { human_id: human.id, calendar_id: calendar.id } }), 204);
    list.remove((c) => c.id === calendar.id);
    setRemoving(null);
    setAnnouncement(`${labelOf(calendar)} was removed.`);
    onBusyChanged?.();
  });
  const loaded = !list.loading || list.items.length > 0;
  const full = list.items.length >= MAX_CALENDARS_PER_HUMAN;
  const formOpen = adding || (loaded && list.error === undefined && list.items.length === 0);

  return (
    <section className="card" aria-labelledby="calendars-title">
      <div className="card-head">
        <div>
          <h2 id="calendars-title">Calendars</h2>
          <p className="small muted" style={{ margin: 0 }}>
            Busy time in {human.name}'s own calendars blocks their slots, like a booking. Each is read again every few minutes.
          </p>
        </div>
        {!formOpen && loaded && list.error === undefined && (
          <button
            type="button"
            className="primary"
            onClick={() => setAdding(true)}
            disabled={full}
            aria-describedby={full ? 'calendars-full' : undefined}
          >
            Add calendar
          </button>
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
      {list.error !== undefined && <ErrorNotice error={list.error} onRetry={list.reload} />}
      {!loaded && <Loading what="calendars" />}
      {list.items.length > 0 && (
        <ul className="calendar-list" aria-label={`${human.name}'s calendars`}>
          {list.items.map((calendar) => (
            <CalendarItem
              key={calendar.id}
              calendar={calendar}
              now={now}
              onSynced={(next) => {
                list.replace((c) => c.id === next.id, next);
                setAnnouncement(
                  next.status === 'ok'
                    ? `${labelOf(next)} was read: ${busyTimes(next.busy_count)}.`
                    : `${labelOf(next)} could not be read.`,
                );
                onBusyChanged?.();
              }}
              onRemove={() => (remove.clearError(), setRemoving(calendar))}
            />
          ))}
        </ul>
      )}
      {full && (
        <p id="calendars-full" className="small muted calendars-full">
          {human.name} has {MAX_CALENDARS_PER_HUMAN} calendars, the most a human can have: remove one to add another.
        </p>
      )}
      {formOpen && !full && (
        <AddCalendarForm
          human={human}
          first={list.items.length === 0}
          onAdded={(calendar) => {
            setAdding(false);
            setAnnouncement(`${labelOf(calendar)} was added: ${busyTimes(calendar.busy_count)}.`);
            list.reload();
            onBusyChanged?.();
          }}
          onCancel={list.items.length > 0 ? () => setAdding(false) : undefined}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this calendar?"
        confirmLabel="Remove calendar"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => removing && void remove.run(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing && (
            <>
              <strong>{labelOf(removing)}</strong> (<span className="mono">{calendarHost(removing.url)}</span>)
            </>
          )}{' '}
          stops counting at once: its busy time no longer blocks {human.name}'s slots. The calendar itself is not changed.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function CalendarItem({
  calendar,
  now,
  onSynced,
  onRemove,
}: {
  calendar: Calendar;
  now: number;
  onSynced: (calendar: Calendar) => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  const sync = useAction(async () => {
    onSynced(await call(api.calendars.sync({ params: { human_id: calendar.human_id, calendar_id: calendar.id } }), 200));
  });
  const failed = calendar.status === 'error';
  const problem = calendar.last_error;

  return (
    <li className="calendar-item" data-testid="calendar-row" aria-busy={sync.busy}>
      <div className="calendar-main">
        <div className="calendar-title">
          <strong id={titleId}>{labelOf(calendar)}</strong>
          <StatusBadge status={calendar.status} />
        </div>
        <div className="small muted">
          <span className="mono">{calendarHost(calendar.url)}</span>
          {calendar.name !== null && ` · ${KIND_LABEL[calendar.kind]}`}
          {calendar.write_bookings && ' · bookings written into it'}
        </div>
        <div className="small muted">
          {calendar.last_synced_at ? (
            <>
              {failed ? 'Last good read' : 'Last read'}{' '}
              <time dateTime={calendar.last_synced_at} title={formatDateTime(calendar.last_synced_at)}>
                {formatAgo(calendar.last_synced_at, now)}
              </time>
            </>
          ) : (
            'Not read yet'
          )}{' '}
          · {busyTimes(calendar.busy_count)}
        </div>
        {problem && (
          <p className={`calendar-problem ${failed ? 'bad' : 'warn'}`} data-testid="calendar-problem">
            {failed ? (
              <>
                Read failed{' '}
                <time dateTime={problem.at} title={formatDateTime(problem.at)}>
                  {formatAgo(problem.at, now)}
                </time>
                : {problem.message}.{calendar.busy_count > 0 && ' The busy time of the last good read still counts.'}
              </>
            ) : (
              <>{problem.message}.</>
            )}
          </p>
        )}
        {sync.error !== undefined && (
          <p className="calendar-problem bad" role="alert">
            {messageOf(sync.error)}
          </p>
        )}
      </div>
      <div className="calendar-actions">
        <button type="button" onClick={() => void sync.run()} disabled={sync.busy} aria-describedby={titleId}>
          {sync.busy && <span className="spinner" aria-hidden="true" />}
          {sync.busy ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="ghost-danger" onClick={onRemove} disabled={sync.busy} aria-describedby={titleId}>
          Remove
        </button>
      </div>
    </li>
  );
}

/** Codes whose message is about the address, shown under its field. */
const ADDRESS_CODES = new Set(['CALENDAR_UNREADABLE', 'CALENDAR_URL_TAKEN', 'VALIDATION_ERROR']);

function AddCalendarForm({
  human,
  first,
  onAdded,
  onCancel,
}: {
  human: Human;
  first: boolean;
  onAdded: (calendar: Calendar) => void;
  onCancel: (() => void) | undefined;
}) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Fields that are not shown are not sent: closing the section drops what was typed there.
  const [withCredentials, setWithCredentials] = useState(false);
  const add = useAction(async () => {
    const body = {
      url: url.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(withCredentials && (username || password) ? { username, password } : {}),
    };
    const calendar = await call(api.calendars.create({ params: { human_id: human.id }, body }), 201);
    onAdded(calendar);
  });
  const addressError = add.error instanceof ApiError && ADDRESS_CODES.has(add.error.code) ? add.error.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    void add.run();
  }

  return (
    <form className="calendar-form" onSubmit={submit} aria-labelledby="add-calendar-title" noValidate>
      <h3 id="add-calendar-title">{first ? `Connect ${human.name}'s calendar` : 'Add a calendar'}</h3>
      {add.error !== undefined && addressError === undefined && <ErrorNotice error={add.error} />}
      <div className="field">
        <label htmlFor="calendar-url">Calendar address</label>
        {/* Opened by a click on "Add calendar" (not the first one): the address is what to type first. */}
        <input
          autoFocus={!first}
          id="calendar-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={2048}
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          value={url}
          onChange={(e) => (add.clearError(), setUrl(e.target.value))}
          aria-invalid={addressError !== undefined}
          aria-describedby={addressError !== undefined ? 'calendar-url-error calendar-url-hint' : 'calendar-url-hint'}
        />
        {addressError !== undefined && (
          <p id="calendar-url-error" className="field-error" role="alert">
            {addressError}
          </p>
        )}
        <p id="calendar-url-hint" className="hint">
          The secret iCal (.ics) address of the calendar, or a CalDAV calendar. It works like a password: it is kept encrypted, and only its
          host is shown here.
        </p>
        <details className="help">
          <summary>Where do I find it?</summary>
          <dl>
            <dt>Google Calendar</dt>
            <dd>
              Settings → under <em>Settings for my calendars</em>, the calendar → <em>Integrate calendar</em> → copy{' '}
              <em>Secret address in iCal format</em>.
            </dd>
            <dt>Outlook</dt>
            <dd>
              Settings → Calendar → <em>Shared calendars</em> → <em>Publish a calendar</em>: pick the calendar and{' '}
              <em>Can view when I'm busy</em>, Publish, then copy the ICS link.
            </dd>
            <dt>iCloud</dt>
            <dd>
              In Calendar, share the calendar and turn on <em>Public Calendar</em>, then copy the link (a{' '}
              <span className="mono">webcal://</span> link works as it is).
            </dd>
            <dt>CalDAV (Fastmail, Nextcloud, …)</dt>
            <dd>The calendar's CalDAV address, with the username and an app password below.</dd>
          </dl>
        </details>
      </div>
      <div className="field">
        <label htmlFor="calendar-name">
          Name <span className="muted small">(optional)</span>
        </label>
        <input
          id="calendar-name"
          type="text"
          maxLength={200}
          autoComplete="off"
          placeholder="Personal"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="help credentials">
        <button
          type="button"
          className="disclosure"
          aria-expanded={withCredentials}
          aria-controls="calendar-credentials"
          onClick={() => setWithCredentials((on) => !on)}
        >
          Username and password (CalDAV, or a protected feed)
        </button>
      </div>
      {withCredentials && (
        <div id="calendar-credentials" className="credential-fields">
          <div className="field">
            <label htmlFor="calendar-username">Username</label>
            <input
              id="calendar-username"
              type="text"
              maxLength={256}
              autoComplete="off"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="calendar-password">Password</label>
            <input
              id="calendar-password"
              type="password"
              maxLength={1024}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="hint">Use an app password where the provider offers one. It is kept encrypted and never shown again.</p>
          </div>
        </div>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={add.busy || url.trim() === ''}>
          {add.busy && <span className="spinner" aria-hidden="true" />}
          {add.busy ? 'Reading the calendar…' : 'Add calendar'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={add.busy}>
            Cancel
          </button>
        )}
        <span className="small muted">It is read once now, and added only if that read works.</span>
      </div>
    </form>
  );
}

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
