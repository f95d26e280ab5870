/** Response timestamps: ISO 8601 UTC with Z at second precision (PRODUCT conventions). */
export function toTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function toTimestampOrNull(date: Date | null): string | null {
  return date ? toTimestamp(date) : null;
}

/** A DATE column (midnight UTC in JS) as "YYYY-MM-DD". */
export function toLocalDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" as the Date Prisma expects for a DATE column. */
export function fromLocalDate(text: string): Date {
  return new Date(`${text}T00:00:00.000Z`);
}
