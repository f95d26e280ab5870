import { isoWeekday } from './calendar-day.js';
import { appliesOn, type MinuteRange, type Rules } from './rules.js';

/**
 * The open time of one local date in local minutes: working hours (on a working day) united
 * with the open overrides of that date, touching or overlapping pieces merged, ascending.
 * Merging happens in local time, before any instant exists, so a window is always "from its
 * local start to its local end" and its grid starts at the merged start.
 */
export function openMinutesOn(rules: Rules, day: number): MinuteRange[] {
  const weekday = isoWeekday(day);
  const pieces: MinuteRange[] = [];
  if (rules.workHours !== null && rules.workingDays[weekday] === true) pieces.push(rules.workHours);
  for (const open of rules.opens) if (appliesOn(open, day, weekday)) pieces.push(open);
  if (pieces.length <= 1) return pieces.map(({ start, end }) => ({ start, end }));

  pieces.sort((a, b) => a.start - b.start);
  const merged: MinuteRange[] = [];
  let current = { start: pieces[0]!.start, end: pieces[0]!.end };
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.start <= current.end) {
      current.end = Math.max(current.end, piece.end);
    } else {
      merged.push(current);
      current = { start: piece.start, end: piece.end };
    }
  }
  merged.push(current);
  return merged;
}
