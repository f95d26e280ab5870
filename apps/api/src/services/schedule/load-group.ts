import type { Sql } from '../../db/sql.js';
import { AppError } from '../../lib/app-error.js';
import { loadSchedules, type ScheduleSnapshot, type SchedulesRequest } from './load-schedule.js';

/**
 * The snapshots of several humans in the order given, read in one statement; 404 naming the
 * first human that is unknown, deleted or of another organization.
 */
export async function loadGroup(sql: Sql, organizationId: string, request: SchedulesRequest, now: Date): Promise<ScheduleSnapshot[]> {
  return pickGroup(await loadSchedules(sql, organizationId, request, now), request.humanIds);
}

/** The snapshots of `humanIds` in that order; 404 naming the first one not found. */
export function pickGroup(found: ReadonlyMap<string, ScheduleSnapshot>, humanIds: readonly string[]): ScheduleSnapshot[] {
  return humanIds.map((id) => {
    const human = found.get(id);
    if (!human) throw new AppError('NOT_FOUND', `Human ${id} not found.`);
    return human;
  });
}
