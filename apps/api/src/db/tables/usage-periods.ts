// The month's keys and `overage_purchases`. The month's counter itself is sharded: its
// statements, usage_periods' included, are in quota-shards.ts.

export interface PeriodKey {
  organizationId: string;
  /** "YYYY-MM-DD", the first day of the UTC month. */
  periodStart: string;
}

/** One booking's quota unit: the month and the limit it is taken under. */
export interface QuotaUnit {
  key: PeriodKey;
  /** The plan's monthly quota. */
  quota: number;
  /** Bookings per overage pack: the limit is quota + packs × packSize. */
  packSize: number;
}
