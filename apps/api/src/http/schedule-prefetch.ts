import { contract } from '@humantime/contract';
import type { Request } from 'express';
import type { SchedulesRequest } from '../services/organizations/key-authority.js';
import { groupSlotsRead } from '../services/slots/list-group-slots.js';
import { slotsRead } from '../services/slots/list-slots.js';

const HUMAN_SLOTS = /^\/humans\/([^/]+)\/slots\/?$/;

/**
 * The schedules a /v1 request will read, when it is one of the slots routes and well formed
 * by the contract's own schemas, so `authenticate` can fetch them in the key's round trip.
 * Anything else (including a request the route will refuse) reads nothing ahead.
 * `req.path` is relative to the /v1 mount.
 */
export function schedulesToPrefetch(req: Request): SchedulesRequest | undefined {
  if (req.method !== 'GET') return undefined;
  if (req.path === '/slots') {
    const query = contract.slots.forHumans.query.safeParse(req.query);
    return query.success ? groupSlotsRead(query.data) : undefined;
  }
  const match = HUMAN_SLOTS.exec(req.path);
  if (!match) return undefined;
  const params = contract.humans.slots.pathParams.safeParse({ human_id: decodeURIComponentOrNot(match[1]!) });
  const query = contract.humans.slots.query.safeParse(req.query);
  return params.success && query.success ? slotsRead(params.data.human_id, query.data) : undefined;
}

function decodeURIComponentOrNot(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
