import { useState } from 'react';
import type { Booking, BookingStatus } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { usePaged } from '../api/use-paged.js';
import { CancelBookingButton } from '../components/cancel-booking.js';
import { PagedTable } from '../components/paged-table.js';
import { Empty, PageHead } from '../components/states.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatDateTime, formatTime, viewerZone, zoneAbbreviation } from '../lib/format.js';
import { Link, navigate, useLocation } from '../lib/router.js';

/** A date input's value as the instant of local midnight in the viewer's zone. */
function startOfLocalDay(date: string, plusDays = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

export function BookingsPage() {
  const { query } = useLocation();
  // Filters live in the URL, so a filtered list can be linked to and survives a reload.
  const filters = {
    human_id: query.get('human_id') ?? '',
    status: query.get('status') ?? '',
    from: query.get('from') ?? '',
    to: query.get('to') ?? '',
  };
  const setFilter = (name: keyof typeof filters, value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set(name, value);
    else next.delete(name);
    const search = next.toString();
    navigate(`/bookings${search ? `?${search}` : ''}`, { replace: true });
  };

  const humans = useLoad(() => call(api.humans.list({ query: { limit: 100 } }), 200), 'humans-for-filter');
  const nameOf = new Map((humans.data?.data ?? []).map((h) => [h.id, h] as const));
  // Dates the wrong way round match nothing: said at the field, and never sent (the API's 422
  // would name its own parameter, not the label on this page).
  const inverted = Boolean(filters.from && filters.to && filters.to < filters.from);
  const list = usePaged(
    (cursor) =>
      inverted
        ? Promise.resolve({ data: [] as Booking[], next_cursor: null })
        : call(
            api.bookings.list({
              query: {
                limit: 50,
                cursor,
                human_id: filters.human_id || undefined,
                status: (filters.status || undefined) as BookingStatus | undefined,
                starts_after: filters.from ? startOfLocalDay(filters.from) : undefined,
                starts_before: filters.to ? startOfLocalDay(filters.to, 1) : undefined,
              },
            }),
            200,
          ),
    JSON.stringify(filters),
  );
  const filtered = Object.values(filters).some(Boolean);
  const [cancelled, setCancelled] = useState<Booking | null>(null);

  return (
    <>
      <PageHead title="Bookings" intro={`Newest first. Times in your zone (${viewerZone()}) and the human's.`} />
      <form className="filters" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-human">Human</label>
          <select id="filter-human" value={filters.human_id} onChange={(e) => setFilter('human_id', e.target.value)}>
            <option value="">All humans</option>
            {(humans.data?.data ?? []).map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
            <option value="">Any status</option>
            <option value="confirmed">Confirmed</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-from">Starts on or after</label>
          <input id="filter-from" type="date" value={filters.from} onChange={(e) => setFilter('from', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="filter-to">Starts on or before</label>
          <input
            id="filter-to"
            type="date"
            value={filters.to}
            onChange={(e) => setFilter('to', e.target.value)}
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? 'filter-to-error' : undefined}
          />
          {inverted && (
            <p id="filter-to-error" className="field-error small" role="alert">
              Must not be before “Starts on or after”.
            </p>
          )}
        </div>
      </form>
      {cancelled && (
        <div className="notice info" role="status">
          Cancelled the booking with {cancelled.attendee_name} on {formatDateTime(cancelled.starts_at)}.
        </div>
      )}
      <PagedTable
        label="Bookings"
        list={list}
        what="bookings"
        columns={['Starts', 'Human', 'Attendee', 'Status', '']}
        empty={
          filtered ? (
            <Empty title="No booking matches these filters">Widen the dates or clear a filter.</Empty>
          ) : (
            <Empty title="No bookings yet">
              Agents book with <code>POST /v1/bookings</code> and a start from <code>GET /v1/humans/…/slots</code>. Each booking shows up
              here.
            </Empty>
          )
        }
        row={(b) => {
          const human = nameOf.get(b.human_id);
          return (
            <tr key={b.id} data-testid="booking-row">
              <td data-label="Starts">
                <Link to={`/bookings/${b.id}`}>{formatDateTime(b.starts_at)}</Link>
                <div className="small muted">
                  {b.duration_minutes} min
                  {human &&
                    human.timezone !== viewerZone() &&
                    ` · ${formatTime(b.starts_at, human.timezone)} ${zoneAbbreviation(b.starts_at, human.timezone)} for ${human.name}`}
                </div>
              </td>
              <td data-label="Human">
                {human ? <Link to={`/humans/${human.id}`}>{human.name}</Link> : <code className="small">{b.human_id}</code>}
              </td>
              <td data-label="Attendee">
                {b.attendee_name}
                {b.attendee_email && <div className="small muted">{b.attendee_email}</div>}
              </td>
              <td data-label="Status">
                <StatusBadge status={b.status} />
              </td>
              <td data-label="">
                <CancelBookingButton
                  booking={b}
                  onCancelled={(next) => {
                    list.replace((item) => item.id === next.id, next);
                    setCancelled(next);
                  }}
                />
              </td>
            </tr>
          );
        }}
      />
    </>
  );
}
