import { useState } from 'react';
import type { Override } from '@humantime/contract';
import type { HumanDetail } from '@humantime/contract/dashboard';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { CalendarsCard } from '../components/calendars-card.js';
import { SubscriptionLinkCard } from '../components/subscription-link-card.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { WeekCalendar } from '../components/week-calendar.js';
import { formatDate } from '../lib/format.js';
import { describeDays } from '../lib/hours.js';
import { Link } from '../lib/router.js';

export function HumanDetailPage({ humanId }: { humanId: string }) {
  const load = useLoad(() => call(api.humans.get({ params: { human_id: humanId } }), 200), `human:${humanId}`);
  const detail = load.data;
  // Moves when a calendar's busy time may have changed, so the week shows the slots it leaves.
  const [busyVersion, setBusyVersion] = useState(0);

  return (
    <>
      <PageHead
        crumb={<Link to="/humans">← Humans</Link>}
        title={detail?.human.name ?? 'Human'}
        intro={detail ? [detail.human.role, detail.human.email, detail.human.timezone].filter(Boolean).join(' · ') : undefined}
      >
        {detail && (
          <Link className="button" to={`/bookings?human_id=${detail.human.id}`}>
            Bookings
          </Link>
        )}
      </PageHead>
      {load.error !== undefined && <ErrorNotice error={load.error} onRetry={load.reload} />}
      {load.loading && !detail && <Loading what="this human" />}
      {detail && (
        <div className="stack">
          <div className="grid">
            <WeeklyHours detail={detail} />
            <Overrides overrides={detail.overrides} />
          </div>
          <CalendarsCard human={detail.human} onBusyChanged={() => setBusyVersion((v) => v + 1)} />
          <SubscriptionLinkCard human={detail.human} />
          <WeekCalendar human={detail.human} refresh={busyVersion} />
        </div>
      )}
    </>
  );
}

function WeeklyHours({ detail }: { detail: HumanDetail }) {
  const rules = detail.human.availability_rules;
  return (
    <section className="card" aria-labelledby="hours-title">
      <h2 id="hours-title">Weekly hours</h2>
      <dl className="kv">
        <dt>Days</dt>
        <dd>{describeDays(rules.working_days)}</dd>
        <dt>Hours</dt>
        <dd>
          {rules.work_start}–{rules.work_end} <span className="muted small">({detail.human.timezone})</span>
        </dd>
        <dt>Meetings</dt>
        <dd>{rules.meeting_durations.map((d) => `${d} min`).join(', ')}</dd>
      </dl>
    </section>
  );
}

function describeOverride(o: Override): string {
  const dates =
    o.start_date === o.end_date
      ? formatDate(`${o.start_date}T12:00:00Z`, 'UTC')
      : `${formatDate(`${o.start_date}T12:00:00Z`, 'UTC')} – ${formatDate(`${o.end_date}T12:00:00Z`, 'UTC')}`;
  const times = o.start_time && o.end_time ? `${o.start_time}–${o.end_time}` : 'all day';
  const days = o.weekdays ? ` (${describeDays(o.weekdays)})` : '';
  return `${dates}${days}, ${times}`;
}

function Overrides({ overrides }: { overrides: Override[] }) {
  return (
    <section className="card" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Overrides</h2>
      {overrides.length === 0 ? (
        <p className="muted small">
          None: the weekly hours apply every week. Block time off or open extra hours with <code>POST /v1/humans/…/overrides</code>.
        </p>
      ) : (
        <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0, gap: '0.5rem' }}>
          {overrides.map((o) => (
            <li key={o.id} className="row">
              <span className={`badge ${o.kind === 'block' ? 'bad' : 'ok'}`}>{o.kind === 'block' ? 'Blocked' : 'Open'}</span>
              <span>{describeOverride(o)}</span>
              {o.reason && <span className="muted small">{o.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
