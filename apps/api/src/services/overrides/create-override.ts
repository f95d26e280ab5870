import type { CreateOverrideBody } from '@humantime/contract';
import type { ServiceDeps } from '../deps.js';
import { fromLocalDate } from '../../lib/timestamps.js';
import { findHuman } from '../humans/find-human.js';
import { overrideView } from './override-view.js';

export async function createOverride(
  { store: { db } }: Pick<ServiceDeps, 'store'>,
  organizationId: string,
  humanId: string,
  body: CreateOverrideBody,
) {
  await findHuman(db, organizationId, humanId);
  const row = await db.override.create({
    data: {
      organizationId,
      humanId,
      kind: body.kind,
      startDate: fromLocalDate(body.start_date),
      endDate: fromLocalDate(body.end_date ?? body.start_date),
      startTime: body.start_time ?? null,
      endTime: body.end_time ?? null,
      weekdays: body.weekdays ? [...body.weekdays].sort((a, b) => a - b) : [],
      reason: body.reason ?? null,
    },
  });
  return overrideView(row);
}
