import { contract } from '@humantime/contract';
import type { Request } from 'express';
import type { SchedulesRequest } from '../services/schedule/cached-schedules.js';
import { groupSlotsRead } from '../services/slots/list-group-slots.js';
import { slotsRead } from '../services/slots/list-slots.js';

const HUMAN_SLOTS = /^\/humans\/([^/]+)\/slots\/?$/;

/** What a slots request reads ahead, and for one human's slots, the duration its answer is kept by. */
export type Prefetch = SchedulesRequest & { keptAnswer?: { humanId: string; duration: number } };

/**
 * The schedules a /v1 request will read, when it is one of the slots routes (or suggestions,
 * which read the same) and well formed
 * by the contract's own schemas, so `authenticate` can fetch them in the key's round trip.
 * Anything else (including a request the route will refuse) reads nothing ahead.
 * `req.path` is relative to the /v1 mount.
 *
 * A function of the method and the URL alone (Express parses req.query from the URL), so
 * the last few hundred URLs' results are kept: a polling agent's URL is parsed once.
 */
export function schedulesToPrefetch(req: Request): Prefetch | undefined {
  if (req.method !== 'GET') return undefined;
  if (parsed.has(req.url)) return parsed.get(req.url);
  const result = parse(req);
  if (parsed.size >= PARSED_URLS) parsed.delete(parsed.keys().next().value!);
  parsed.set(req.url, result);
  return result;
}

const PARSED_URLS = 500;
const parsed = new Map<string, Prefetch | undefined>();

function parse(req: Request): Prefetch | undefined {
  if (req.path === '/slots' || req.path === '/suggestions') {
    const route = req.path === '/slots' ? contract.slots.forHumans : contract.suggestions.list;
    const query = route.query.safeParse(req.query);
    // A `when` is read in a zone learnt from the read itself: the route reads for itself.
    return query.success && query.data.when === undefined ? groupSlotsRead(query.data.human_ids, datesOf(query.data)) : undefined;
  }
  const match = HUMAN_SLOTS.exec(req.path);
  if (!match) return undefined;
  const params = contract.humans.slots.pathParams.safeParse({ human_id: decodeURIComponentOrNot(match[1]!) });
  const query = contract.humans.slots.query.safeParse(req.query);
  if (!params.success || !query.success || query.data.when !== undefined) return undefined;
  const humanId = params.data.human_id;
  return { ...slotsRead(humanId, datesOf(query.data)), keptAnswer: { humanId, duration: query.data.duration } };
}

/** The dates of a query without `when` (the contract requires both then). */
const datesOf = (query: { date_from?: string | undefined; date_to?: string | undefined }) => ({
  dateFrom: query.date_from!,
  dateTo: query.date_to!,
});

function decodeURIComponentOrNot(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
