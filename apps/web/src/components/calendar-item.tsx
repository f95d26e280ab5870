import { useId } from 'react';
import type { Calendar } from '@humantime/contract';
import { api, call, messageOf } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { formatAgo, formatDateTime } from '../lib/format.js';
import { busyTimes, calendarHost, KIND_LABEL, labelOf } from './calendar-labels.js';
import { StatusBadge } from './status-badge.js';

/** One calendar of the list: its address, its last read, its problem if any, "Sync now" and "Remove". */
export function CalendarItem({
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
