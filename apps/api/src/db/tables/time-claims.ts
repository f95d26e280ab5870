// Hand-written statements on `time_claims`: the time each confirmed booking and each live
// hold takes, buffers included, kept apart by the exclusion constraint time_claims_no_overlap
// (see the migrations 20261123120000_scheduling_rules and 20261123140000_holds_and_groups).
import { Params } from '../params.js';
import type { Sql } from '../sql.js';

type Range = { start: number; end: number };

/** A claim on a human's time: its buffered range. */
interface Claim {
  organizationId: string;
  humanId: string;
  range: Range;
}

/** A confirmed booking's claim. */
export type BookingClaim = Claim & { bookingId: string };

/** A live hold's claim, until the hold expires. */
export type HoldClaim = Claim & { holdId: string; expiresAt: Date };

/**
 * The INSERT of a booking's claim on its buffered range, as a fragment of a statement (with
 * `from`, selected from that CTE's row); 23P01 (or 40P01) when it meets another claim.
 */
export function timeClaimInsert(p: Params, { organizationId, humanId, bookingId, range }: BookingClaim, from?: string): string {
  return `INSERT INTO time_claims (organization_id, human_id, booking_id, starts_at, ends_at)
     SELECT ${p.ref(organizationId, 'uuid')}, ${p.ref(humanId, 'uuid')}, ${p.ref(bookingId, 'uuid')},
            ${p.ref(new Date(range.start).toISOString(), 'timestamptz')}, ${p.ref(new Date(range.end).toISOString(), 'timestamptz')}${from ? ` FROM ${from}` : ''}`;
}

/** Claims a booking's buffered range (see timeClaimInsert). */
export async function insertTimeClaim(query: Sql, claim: BookingClaim) {
  const p = new Params();
  await query(timeClaimInsert(p, claim), p.values);
}

export async function deleteTimeClaim(query: Sql, organizationId: string, bookingId: string) {
  const p = new Params();
  await query(
    `DELETE FROM time_claims WHERE booking_id = ${p.ref(bookingId, 'uuid')} AND organization_id = ${p.ref(organizationId, 'uuid')}`,
    p.values,
  );
}

/** Claims a hold's buffered range until it expires; 23P01 (or 40P01) when it meets another claim. */
export async function insertHoldClaim(query: Sql, { organizationId, humanId, holdId, range, expiresAt }: HoldClaim) {
  const p = new Params();
  await query(
    `INSERT INTO time_claims (organization_id, human_id, hold_id, starts_at, ends_at, expires_at)
     VALUES (${p.ref(organizationId, 'uuid')}, ${p.ref(humanId, 'uuid')}, ${p.ref(holdId, 'uuid')},
             ${p.ref(new Date(range.start).toISOString(), 'timestamptz')}, ${p.ref(new Date(range.end).toISOString(), 'timestamptz')},
             ${p.ref(expiresAt.toISOString(), 'timestamptz')})`,
    p.values,
  );
}
