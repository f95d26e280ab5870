// Hand-written statements on `time_claims`: the time each confirmed booking and each live
// hold takes, buffers included, kept apart by the exclusion constraint time_claims_no_overlap
// (see the migrations 20261123120000_scheduling_rules and 20261123140000_holds_and_groups).
import type { Sql } from '../sql.js';

/** Claims a booking's buffered range; 23P01 (or 40P01) when it meets another claim. */
export async function insertTimeClaim(query: Sql, organizationId: string, humanId: string, bookingId: string, range: { start: number; end: number }) {
  await query(
    `INSERT INTO time_claims (organization_id, human_id, booking_id, starts_at, ends_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::timestamptz, $5::timestamptz)`,
    [organizationId, humanId, bookingId, new Date(range.start).toISOString(), new Date(range.end).toISOString()],
  );
}

export async function deleteTimeClaim(query: Sql, organizationId: string, bookingId: string) {
  await query(`DELETE FROM time_claims WHERE booking_id = $1::uuid AND organization_id = $2::uuid`, [bookingId, organizationId]);
}

/** Claims a hold's buffered range until it expires; 23P01 (or 40P01) when it meets another claim. */
export async function insertHoldClaim(
  query: Sql,
  organizationId: string,
  humanId: string,
  holdId: string,
  range: { start: number; end: number },
  expiresAt: Date,
) {
  await query(
    `INSERT INTO time_claims (organization_id, human_id, hold_id, starts_at, ends_at, expires_at)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::timestamptz, $5::timestamptz, $6::timestamptz)`,
    [organizationId, humanId, holdId, new Date(range.start).toISOString(), new Date(range.end).toISOString(), expiresAt.toISOString()],
  );
}
