// The weekly-hours form as typed: strings where the person types, so a half-typed value stays
// on screen. What is sent is built from it as it stands; the API alone judges it (422 names
// each field) and the page shows its messages at the fields.
import { SCHEDULING_RULE_FIELDS, SetAvailabilityBodySchema, type Availability, type SetAvailabilityBody } from '@humantime/contract';

export type RuleField = (typeof SCHEDULING_RULE_FIELDS)[number];

export interface WindowDraft {
  /** Stable across edits and removals, for React's list keys and the fields' ids. */
  key: number;
  weekdays: number[];
  start: string;
  end: string;
}

export interface HoursDraft {
  working_days: number[];
  work_start: string;
  work_end: string;
  /** "30, 60" */
  meeting_durations: string;
  /** Blank = the rule is off. */
  rules: Record<RuleField, string>;
  preferred_hours: WindowDraft[];
}

let nextKey = 1;

export function newWindow(weekdays: number[] = [1, 2, 3, 4, 5]): WindowDraft {
  return { key: nextKey++, weekdays, start: '09:00', end: '12:00' };
}

export function draftOf(saved: Availability): HoursDraft {
  const rules = Object.fromEntries(SCHEDULING_RULE_FIELDS.map((field) => [field, saved[field] === null ? '' : String(saved[field])]));
  return {
    working_days: [...saved.working_days],
    work_start: saved.work_start,
    work_end: saved.work_end,
    meeting_durations: saved.meeting_durations.join(', '),
    rules: rules as Record<RuleField, string>,
    preferred_hours: (saved.preferred_hours ?? []).map((w) => ({ key: nextKey++, weekdays: [...w.weekdays], start: w.start, end: w.end })),
  };
}

/** A typed number as a number; anything else as typed, for the API to name. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The durations typed, split on commas or spaces: "30, 60" → [30, 60]. */
export function durationsOf(text: string): Array<number | string> {
  return text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map(numberOf);
}

/**
 * The PUT body for the draft, as it stands: a blank rule is null (off), no windows is null.
 * Typed as the contract's body, which it is once the API accepts it.
 */
export function bodyOf(draft: HoursDraft): SetAvailabilityBody {
  const rules = Object.fromEntries(
    SCHEDULING_RULE_FIELDS.map((field) => [field, draft.rules[field].trim() === '' ? null : numberOf(draft.rules[field])]),
  );
  return {
    working_days: [...draft.working_days].sort((a, b) => a - b),
    work_start: draft.work_start,
    work_end: draft.work_end,
    meeting_durations: durationsOf(draft.meeting_durations),
    ...rules,
    preferred_hours: draft.preferred_hours.length
      ? draft.preferred_hours.map((w) => ({ weekdays: [...w.weekdays].sort((a, b) => a - b), start: w.start, end: w.end }))
      : null,
  } as SetAvailabilityBody;
}

/** Whether the draft says what is saved (so there is nothing to save or to preview). */
export function sameAsSaved(draft: HoursDraft, saved: Availability): boolean {
  return JSON.stringify(bodyOf(draft)) === JSON.stringify(bodyOf(draftOf(saved)));
}

/** The draft as the API would take it, or undefined while it would refuse it (nothing to preview). */
export function validHours(draft: HoursDraft): SetAvailabilityBody | undefined {
  const parsed = SetAvailabilityBodySchema.safeParse(bodyOf(draft));
  return parsed.success ? parsed.data : undefined;
}
