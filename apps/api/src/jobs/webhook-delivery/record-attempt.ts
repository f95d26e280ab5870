import type { Db } from '../../db/open-store.js';
import type { NextState } from './retry-schedule.js';

export interface AttemptRecord {
  organizationId: string;
  deliveryId: string;
  workerId: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  next: NextState;
}

/**
 * Writes the attempt and moves the delivery on, in one transaction, only while this worker
 * still holds the lease for this very attempt. If the webhook was deleted meanwhile (the
 * row is gone) or the lease passed to another worker, nothing is written: returns false.
 */
export async function recordAttempt(db: Db, record: AttemptRecord): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.delivery.updateMany({
      where: {
        organizationId: record.organizationId,
        id: record.deliveryId,
        status: 'pending',
        lockedBy: record.workerId,
        attemptCount: record.attempt - 1,
      },
      data: {
        status: record.next.status,
        attemptCount: record.attempt,
        nextAttemptAt: record.next.nextAttemptAt,
        lockedUntil: null,
        lockedBy: null,
      },
    });
    if (count === 0) return false;
    await tx.deliveryAttempt.create({
      data: {
        organizationId: record.organizationId,
        deliveryId: record.deliveryId,
        attempt: record.attempt,
        attemptedAt: record.attemptedAt,
        statusCode: record.statusCode,
        error: record.error,
        durationMs: record.durationMs,
      },
    });
    return true;
  });
}
