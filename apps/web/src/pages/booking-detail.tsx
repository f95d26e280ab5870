import { useState } from 'react';
import type { Booking } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { CancelBookingButton } from '../components/cancel-booking.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { StatusBadge } from '../components/status-badge.js';
import { formatDateTime, viewerZone } from '../lib/format.js';
import { Link } from '../lib/router.js';

export function BookingDetailPage({ bookingId }: { bookingId: string }) {
  const load = useLoad(async () => {
    const booking = await call(api.bookings.get({ params: { booking_id: bookingId } }), 200);
    const human = await call(api.humans.get({ params: { human_id: booking.human_id } }), 200);
    return { booking, human: human.human };
  }, `booking:${bookingId}`);
  const [updated, setUpdated] = useState<Booking | null>(null);
  const booking = updated ?? load.data?.booking;
  const human = load.data?.human;

  return (
    <>
      <PageHead crumb={<Link to="/bookings">← Bookings</Link>} title={booking ? `Booking with ${booking.attendee_name}` : 'Booking'}>
        {booking && <CancelBookingButton booking={booking} onCancelled={setUpdated} />}
      </PageHead>
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !booking && <Loading what="the booking" />}
      {booking && human && (
        <div className="grid">
          <section className="card" aria-labelledby="when-title">
            <h2 id="when-title">When</h2>
            <dl className="kv">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={booking.status} />
              </dd>
              <dt>Your time</dt>
              <dd>
                {formatDateTime(booking.starts_at)} <span className="muted small">({viewerZone()})</span>
              </dd>
              <dt>{human.name}'s time</dt>
              <dd>
                {formatDateTime(booking.starts_at, human.timezone)} <span className="muted small">({human.timezone})</span>
              </dd>
              <dt>Length</dt>
              <dd>{booking.duration_minutes} minutes</dd>
              <dt>Human</dt>
              <dd>
                <Link to={`/humans/${human.id}`}>{human.name}</Link>
              </dd>
              <dt>Attendee</dt>
              <dd>
                {booking.attendee_name}
                {booking.attendee_email && ` <${booking.attendee_email}>`}
              </dd>
              <dt>Booked</dt>
              <dd>{formatDateTime(booking.created_at)}</dd>
              {booking.cancelled_at && (
                <>
                  <dt>Cancelled</dt>
                  <dd>{formatDateTime(booking.cancelled_at)}</dd>
                </>
              )}
              <dt>ID</dt>
              <dd>
                <code>{booking.id}</code>
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="metadata-title">
            <h2 id="metadata-title">Metadata</h2>
            {Object.keys(booking.metadata).length === 0 ? (
              <p className="muted small">None. Agents can attach up to 16 KiB of JSON when booking; it is echoed in webhooks.</p>
            ) : (
              <pre className="mono small" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                {JSON.stringify(booking.metadata, null, 2)}
              </pre>
            )}
          </section>
        </div>
      )}
    </>
  );
}
