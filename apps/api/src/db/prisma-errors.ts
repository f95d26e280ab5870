/** Prisma's "record to update/delete not found". */
export function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2025';
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The PostgreSQL SQLSTATE of an error: from the driver itself (pg and PGlite errors carry
 * it as `code`), or behind a Prisma error raised through a driver adapter.
 */
export function sqlState(error: unknown): string | undefined {
  const e = error as {
    code?: string;
    meta?: { driverAdapterError?: { cause?: { originalCode?: string; code?: string } } };
  } | null;
  const cause = e?.meta?.driverAdapterError?.cause;
  if (cause) return cause.originalCode ?? cause.code;
  return e?.code && SQLSTATE.test(e.code) && !e.code.startsWith('P') ? e.code : undefined;
}

/** Unique violation (Prisma P2002, or SQLSTATE 23505 from raw SQL). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002' || sqlState(error) === '23505';
}

/**
 * Lost a race for a time range: the exclusion constraint found an overlapping booking, or
 * two conflicting inserts each waited on the other's index entry and PostgreSQL broke the
 * tie (40P01, deadlock). Either way another booking holds the slot.
 */
export function isBookingConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '23P01' || state === '40P01';
}
