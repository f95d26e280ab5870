import { useMemo, useState } from 'react';
import type { Availability, Override } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useLoad } from '../api/use-load.js';
import { CalendarsCard } from '../components/calendars-card.js';
import { HoursForm } from '../components/hours-form.js';
import { OverridesCard } from '../components/overrides-card.js';
import { SubscriptionLinkCard } from '../components/subscription-link-card.js';
import { ErrorNotice, Loading, PageHead } from '../components/states.js';
import { WeekCalendar, type WeekDraft } from '../components/week-calendar.js';
import { draftOf, sameAsSaved, validHours, type HoursDraft } from '../lib/hours-draft.js';
import { Link } from '../lib/router.js';

export function HumanDetailPage({ humanId }: { humanId: string }) {
  const load = useLoad(() => call(api.humans.get({ params: { human_id: humanId } }), 200), `human:${humanId}`);
  const detail = load.data;
  // What this page changed since the load: the saved hours and the overrides, as the API answered.
  const [savedRules, setSavedRules] = useState<Availability | undefined>(undefined);
  const [changedOverrides, setChangedOverrides] = useState<Override[] | undefined>(undefined);
  // The hours as edited; undefined until the first edit and after a save or a discard.
  const [draft, setDraft] = useState<HoursDraft | undefined>(undefined);
  // Moves when the week's slots may have changed on the server (hours, overrides, a calendar's busy time).
  const [weekVersion, setWeekVersion] = useState(0);
  const refreshWeek = () => setWeekVersion((v) => v + 1);

  const human = useMemo(
    () => detail && { ...detail.human, availability_rules: savedRules ?? detail.human.availability_rules },
    [detail, savedRules],
  );
  // The saved hours as a draft, made once per save so its windows keep their keys.
  const savedDraft = useMemo(() => human && draftOf(human.availability_rules), [human]);
  const overrides = useMemo(() => changedOverrides ?? detail?.overrides ?? [], [changedOverrides, detail]);
  const dirty = human !== undefined && draft !== undefined && !sameAsSaved(draft, human.availability_rules);
  const weekDraft = useMemo((): WeekDraft => {
    if (!dirty || !draft) return undefined;
    const hours = validHours(draft);
    return hours ? { hours, overrides } : 'invalid';
  }, [dirty, draft, overrides]);

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
      {human && savedDraft && (
        <div className="stack">
          <div className="schedule-grid">
            <HoursForm
              human={human}
              draft={draft ?? savedDraft}
              dirty={dirty}
              onDraft={setDraft}
              onSaved={(rules) => {
                setSavedRules(rules);
                setDraft(undefined);
                refreshWeek();
              }}
            />
            <OverridesCard
              human={human}
              overrides={overrides}
              onAdded={(o) => {
                setChangedOverrides([o, ...overrides]);
                refreshWeek();
              }}
              onRemoved={(id) => {
                setChangedOverrides(overrides.filter((o) => o.id !== id));
                refreshWeek();
              }}
            />
          </div>
          <WeekCalendar human={human} refresh={weekVersion} draft={weekDraft} />
          <CalendarsCard human={human} onBusyChanged={refreshWeek} />
          <SubscriptionLinkCard human={human} />
        </div>
      )}
    </>
  );
}
