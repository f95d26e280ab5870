import type { Humantime } from '@humantime/sdk';
import { formatLocal } from '../local-time.js';

/** A start as one of several humans sees it. */
export interface HumanLocalTime {
  human_id: string;
  name: string;
  starts_at_local: string;
}

export interface HumanFacts {
  name: string;
  timezone: string;
}

/** The names and zones of the humans a several-humans answer names, read once per tool call. */
export async function humansNamed(client: Humantime, ids: readonly string[]): Promise<Map<string, HumanFacts>> {
  const humans = await Promise.all(ids.map((id) => client.humans.get(id)));
  return new Map(humans.map((h) => [h.id, { name: h.name, timezone: h.timezone }]));
}

/**
 * Each of `ids`' wall time of `startsAt` (the free humans of a mode=any start, or everyone of a
 * mode=all one): with several humans in several zones, the first human's time alone would have
 * the agent convert, or tell a person another person's hour.
 */
export function localTimesOf(startsAt: string, ids: readonly string[], humans: Map<string, HumanFacts>): HumanLocalTime[] {
  return ids.flatMap((id) => {
    const human = humans.get(id);
    return human ? [{ human_id: id, name: human.name, starts_at_local: formatLocal(startsAt, human.timezone) }] : [];
  });
}

/** "Ada Lovelace (id …): Fri 2026-11-27 17:00 Europe/Berlin (+01:00); Bob …" */
export const describeLocalTimes = (times: readonly HumanLocalTime[]) =>
  times.map((t) => `${t.name} (${t.human_id}): ${t.starts_at_local}`).join('; ');
