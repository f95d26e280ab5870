import type { CreateHumanBody, SetAvailabilityBody } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { availabilityColumns, humanView } from './human-view.js';

/** A human created without availability works Mon-Fri, 09:00-17:00, 30-minute meetings. */
export const DEFAULT_AVAILABILITY: SetAvailabilityBody = {
  working_days: [1, 2, 3, 4, 5],
  work_start: '09:00',
  work_end: '17:00',
  meeting_durations: [30],
};

export async function createHuman({ store: { db } }: Pick<ServiceDeps, 'store'>, organizationId: string, body: CreateHumanBody) {
  const row = await db.human.create({
    data: {
      organizationId,
      name: body.name,
      timezone: body.timezone,
      email: body.email ?? null,
      role: body.role ?? null,
      ...availabilityColumns(body.availability ?? DEFAULT_AVAILABILITY),
    },
  });
  return humanView(row);
}
