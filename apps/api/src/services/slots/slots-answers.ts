import type { TimedSnapshot } from '../schedule/load-schedule.js';

/** A slots answer as sent, and the instants between which it is the answer. */
interface Answer {
  body: Buffer;
  /** Epoch ms it was computed at: an earlier `now` (a clock set back) may differ. */
  from: number;
  /** Epoch ms from which time alone may change it (the engine's bound, a hold's expiry). */
  until: number;
}

/**
 * GET /v1/humans/{id}/slots answers kept as the exact bytes sent, by the snapshot they were
 * computed from and the duration asked for. Tied to the snapshot object, an answer lives
 * exactly as long as its snapshot is the current one: a snapshot is only ever handed to a
 * request after its version was checked (in the key's own statement on PostgreSQL, against
 * the store's write counters on the embedded store), and a stale one is replaced by a new
 * object, which has no answers. Time is the only other input, and each answer carries the
 * interval over which time alone leaves it unchanged. So a kept answer is byte for byte
 * what the route would compute; it only skips computing and serializing it.
 *
 * Durations are checked against the human's meeting durations before an answer is kept, so
 * a snapshot holds at most one answer per meeting duration.
 */
const answers = new WeakMap<TimedSnapshot, Map<number, Answer>>();

export function keptAnswer(snapshot: TimedSnapshot, duration: number, now: number): Buffer | undefined {
  const answer = answers.get(snapshot)?.get(duration);
  return answer && answer.from <= now && now < answer.until ? answer.body : undefined;
}

export function keepAnswer(snapshot: TimedSnapshot, duration: number, answer: Answer): void {
  if (!(answer.from < answer.until)) return;
  let byDuration = answers.get(snapshot);
  if (!byDuration) answers.set(snapshot, (byDuration = new Map<number, Answer>()));
  byDuration.set(duration, answer);
}
