import type { SuggestionsQuery, SuggestionsResponse } from '@humantime/contract';
import { blockedTime, localDateOf, rankSuggestions } from '@humantime/slot-engine';
import { timestampOf } from '../../lib/timestamps.js';
import type { ServiceDeps } from '../deps.js';
import type { ReadSchedules } from '../schedule/cached-schedules.js';
import type { ScheduleSnapshot } from '../schedule/load-schedule.js';
import { groupStarts, readGroup } from '../slots/list-group-slots.js';
import { datesToRead, insideWindow, readsWindow, windowOf, windowSpan } from '../slots/query-window.js';

const DAY_MS = 86_400_000;

/** A human's blocks (a weekly meeting) around the window: room is kept around them as around a booking. */
const blocksAround = (human: ScheduleSnapshot, span: { start: number; end: number }) =>
  blockedTime({
    timezone: human.timezone,
    schedule: human.schedule,
    overrides: human.overrides,
    from: span.start - DAY_MS,
    to: span.end + DAY_MS,
  });

/**
 * GET /v1/suggestions: the group's listed starts (as GET /v1/slots lists them) inside the
 * window, ranked by the slot engine's score (rankSuggestions). Dates are the first human's;
 * a `when` is read in attendee_timezone when given, else in the first human's zone.
 */
export async function listSuggestions(
  { clock, readSchedules }: Pick<ServiceDeps, 'clock'> & { readSchedules: ReadSchedules },
  query: SuggestionsQuery,
): Promise<SuggestionsResponse> {
  const now = clock();
  const humanIds = query.human_ids;
  const read = datesToRead(query, now);
  let humans = await readGroup(readSchedules, { humanIds, duration: query.duration, dates: read }, now);
  const dayZone = humans[0]!.timezone;
  const window = windowOf(query, query.when !== undefined && query.attendee_timezone ? query.attendee_timezone : dayZone, now);
  const span = windowSpan(window);
  const dates = { dateFrom: localDateOf(dayZone, span.start), dateTo: localDateOf(dayZone, span.end - 1) };
  if (!readsWindow(read, dates)) humans = await readGroup(readSchedules, { humanIds, duration: query.duration, dates }, now);
  const candidates = groupStarts(humans, { humanIds, mode: query.mode, duration: query.duration, ...dates }, now).filter((slot) =>
    insideWindow(window, slot.start),
  );
  const ranked = rankSuggestions({
    candidates,
    window: span,
    dayZone,
    ...(query.attendee_timezone ? { attendeeZone: query.attendee_timezone } : {}),
    humans: new Map(
      humans.map((human, index) => [
        humanIds[index]!,
        { timezone: human.timezone, preferredHours: human.preferredHours, busy: [...human.busy, ...blocksAround(human, span)] },
      ]),
    ),
    limit: query.limit,
  });
  return {
    data: ranked.map((s) => ({
      starts_at: timestampOf(s.start),
      ends_at: timestampOf(s.end),
      human_ids: [...s.humanIds],
      score: s.score,
      reasons: s.reasons,
    })),
    ...(window.when ? { interpreted_as: window.when.interpretedAs } : {}),
  };
}
