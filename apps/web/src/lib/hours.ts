import type { Availability } from '@humantime/contract';
import { weekdayName } from './format.js';

/** "Mon–Fri, 09:00–17:00" style summary of a weekly schedule. */
export function describeHours(rules: Pick<Availability, 'working_days' | 'work_start' | 'work_end'>): string {
  return `${describeDays(rules.working_days)}, ${rules.work_start}–${rules.work_end}`;
}

/** Consecutive weekdays collapse into a range: [1,2,3,4,5] → "Mon–Fri", [1,3] → "Mon, Wed". */
export function describeDays(days: number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  const short = (d: number) => weekdayName(d).slice(0, 3);
  return runs.map(([a, b]) => (a === b ? short(a) : b === a + 1 ? `${short(a)}, ${short(b)}` : `${short(a)}–${short(b)}`)).join(', ');
}
