import { useState } from 'react';
import type { Human, Override } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { formatDate } from '../lib/format.js';
import { describeDays } from '../lib/hours.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { OverrideForm } from './override-form.js';

const day = (date: string) => formatDate(`${date}T12:00:00Z`, 'UTC');

export function describeOverride(o: Override): string {
  const dates = o.start_date === o.end_date ? day(o.start_date) : `${day(o.start_date)} – ${day(o.end_date)}`;
  const times = o.start_time && o.end_time ? `${o.start_time}–${o.end_time}` : 'all day';
  const days = o.weekdays ? ` (${describeDays(o.weekdays)})` : '';
  return `${dates}${days}, ${times}`;
}

const kindWords = (o: Override) => (o.kind === 'block' ? 'Time off' : 'Extra hours');

/**
 * A human's overrides, newest first, each removable after a confirmation, and the form that
 * adds one. Both go straight to the API; the page then loads the week again.
 */
export function OverridesCard({
  human,
  overrides,
  onAdded,
  onRemoved,
}: {
  human: Human;
  overrides: Override[];
  onAdded: (override: Override) => void;
  onRemoved: (id: string) => void;
}) {
  const [removing, setRemoving] = useState<Override | undefined>(undefined);
  const remove = useAction(async (o: Override) => {
    await call(api.humans.deleteOverride({ params: { human_id: human.id, override_id: o.id } }), 204);
    setRemoving(undefined);
    onRemoved(o.id);
  });

  return (
    <section className="card" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Time off and extra hours</h2>
      {overrides.length === 0 ? (
        <p className="muted small">None: the weekly hours apply every week.</p>
      ) : (
        <ul className="override-list">
          {overrides.map((o) => (
            <li key={o.id} className="override-item" data-testid="override-row">
              <div className="override-main">
                <span className={`badge ${o.kind === 'block' ? 'bad' : 'ok'}`}>{kindWords(o)}</span>
                <span>{describeOverride(o)}</span>
                {o.reason && <span className="muted small override-reason">{o.reason}</span>}
              </div>
              <button
                type="button"
                className="ghost-danger"
                aria-label={`Remove ${kindWords(o).toLowerCase()} ${describeOverride(o)}`}
                onClick={() => (remove.clearError(), setRemoving(o))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <OverrideForm human={human} onAdded={onAdded} />
      <ConfirmDialog
        open={removing !== undefined}
        title={removing?.kind === 'open' ? 'Remove these extra hours?' : 'Remove this time off?'}
        confirmLabel="Remove"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => removing && void remove.run(removing)}
        onCancel={() => setRemoving(undefined)}
      >
        {removing && (
          <p>
            {describeOverride(removing)}
            {removing.reason ? ` (${removing.reason})` : ''}.{' '}
            {removing.kind === 'block'
              ? 'Its time is bookable again wherever the weekly hours allow.'
              : 'Only the weekly hours apply to its time again; bookings already made stay.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
