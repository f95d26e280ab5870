import { useState, type FormEvent } from 'react';
import type { Calendar, Human } from '@humantime/contract';
import { api, ApiError, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { ErrorNotice } from './states.js';

/** Codes whose message is about the address, shown under its field. */
const ADDRESS_CODES = new Set(['CALENDAR_UNREADABLE', 'CALENDAR_URL_TAKEN', 'VALIDATION_ERROR']);

/** The form that adds a calendar: its address, an optional name, and credentials if it needs them. */
export function AddCalendarForm({
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
