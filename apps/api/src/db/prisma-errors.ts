/** Prisma's "record to update/delete not found". */
export function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2025';
}

/** The PostgreSQL SQLSTATE behind a Prisma error raised through a driver adapter, if any. */
export function sqlState(error: unknown): string | undefined {
  const e = error as {
    code?: string;
    meta?: { driverAdapterError?: { cause?: { originalCode?: string; code?: string } } };
  } | null;
  const cause = e?.meta?.driverAdapterError?.cause;
  return cause?.originalCode ?? cause?.code;
}

/** Unique violation (Prisma P2002, or SQLSTATE 23505 from raw SQL). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002' || sqlState(error) === '23505';
}

/** Exclusion-constraint violation: an overlapping confirmed booking. */
export function isExclusionViolation(error: unknown): boolean {
  return sqlState(error) === '23P01';
}
