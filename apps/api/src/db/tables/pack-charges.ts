// Hand-written statements on `pack_charges`: each attempt to buy one overage pack, reserved
// before its charge is sent and settled after (docs/decisions/0048-overage-packs-through-stripe.md).
import { Params } from '../params.js';
import type { Sql } from '../sql.js';
import type { PeriodKey } from './usage-periods.js';

export interface PackCharge {
  id: string;
  organization_id: string;
  period_start: string;
  pack_number: number;
  status: 'pending' | 'succeeded' | 'failed';
  payment_method: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  failure: string | null;
  /** Milliseconds since the epoch. */
  lease_until: number;
  updated_at: number;
}

const COLUMNS = `id::text AS id, organization_id::text AS organization_id, to_char(period_start, 'YYYY-MM-DD') AS period_start,
  pack_number, status, payment_method, idempotency_key, amount_cents, currency, failure,
  (extract(epoch FROM lease_until) * 1000)::float8 AS lease_until, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_at`;

/** A pack charge's key: (organization_id, id). */
export type PackRef = Pick<PackCharge, 'organization_id' | 'id'>;

export interface PackReservation extends PeriodKey {
  packNumber: number;
  processor: string;
  paymentMethod: string;
  attempt: number;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  leaseUntil: Date;
}

/**
 * Reserves pack `packNumber` of the month for one attempt: answers the new row, or undefined
 * when another attempt is live (pending or succeeded) or this very key was already tried. The
 * partial unique index makes racing bookings reserve exactly one.
 */
export async function reservePack(sql: Sql, r: PackReservation): Promise<PackCharge | undefined> {
  const p = new Params();
  const [row] = await sql<PackCharge>(
    `INSERT INTO pack_charges (organization_id, period_start, pack_number, processor, payment_method, attempt, idempotency_key,
                               amount_cents, currency, lease_until)
     VALUES (${p.ref(r.organizationId, 'uuid')}, ${p.ref(r.periodStart, 'date')}, ${p.ref(r.packNumber, 'int')}, ${p.ref(r.processor)},
             ${p.ref(r.paymentMethod)}, ${p.ref(r.attempt, 'int')}, ${p.ref(r.idempotencyKey)}, ${p.ref(r.amountCents, 'int')},
             ${p.ref(r.currency)}, ${p.ref(r.leaseUntil.toISOString(), 'timestamptz')})
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    p.values,
  );
  return row;
}

/** The live attempt (pending or succeeded) at pack `packNumber`, else the one tried with `idempotencyKey`. */
export async function findPackAttempt(sql: Sql, key: PeriodKey & { packNumber: number; idempotencyKey: string }) {
  const p = new Params();
  const [row] = await sql<PackCharge>(
    `SELECT ${COLUMNS} FROM pack_charges
      WHERE organization_id = ${p.ref(key.organizationId, 'uuid')}
        AND ((period_start = ${p.ref(key.periodStart, 'date')} AND pack_number = ${p.ref(key.packNumber, 'int')} AND status <> 'failed')
             OR idempotency_key = ${p.ref(key.idempotencyKey)})
      ORDER BY status = 'failed' LIMIT 1`,
    p.values,
  );
  return row;
}

export async function readPackCharge(sql: Sql, pack: PackRef): Promise<PackCharge | undefined> {
  const [row] = await sql<PackCharge>(`SELECT ${COLUMNS} FROM pack_charges WHERE organization_id = $1::uuid AND id = $2::uuid`, [
    pack.organization_id,
    pack.id,
  ]);
  return row;
}

/**
 * Takes over a pending attempt whose lease has run out (its charger crashed, or could not
 * reach the processor): answers it with a new lease, or undefined when someone else has it.
 */
export async function takeOverPack(sql: Sql, pack: PackRef, now: Date, leaseUntil: Date): Promise<PackCharge | undefined> {
  const [row] = await sql<PackCharge>(
    `UPDATE pack_charges SET lease_until = $3::timestamptz, updated_at = $2::timestamptz
      WHERE organization_id = $4::uuid AND id = $1::uuid AND status = 'pending' AND lease_until <= $2::timestamptz
      RETURNING ${COLUMNS}`,
    [pack.id, now.toISOString(), leaseUntil.toISOString(), pack.organization_id],
  );
  return row;
}

/** Gives a pending attempt's lease back with why its outcome is unknown: the next booking settles it. */
export async function releasePack(sql: Sql, pack: PackRef, failure: string, now: Date): Promise<void> {
  await sql(
    `UPDATE pack_charges SET lease_until = $3::timestamptz, updated_at = $3::timestamptz, failure = $2
      WHERE organization_id = $4::uuid AND id = $1::uuid AND status = 'pending'`,
    [pack.id, failure, now.toISOString(), pack.organization_id],
  );
}

/**
 * A charge made: the attempt succeeds, the pack is an overage purchase (same id) and the
 * month's limit goes up by one pack, in one statement, once. A pending attempt succeeds; so
 * does a failed one whose own payment (`chargeRef`, a PaymentIntent that was waiting for
 * authentication) was paid after all, unless its pack was bought again since. Answers
 * whether it succeeded now.
 */
export async function settlePackPaid(
  sql: Sql,
  pack: PackRef,
  { chargeRef, packSize }: { chargeRef: string; packSize: number },
): Promise<boolean> {
  const p = new Params();
  const rows = await sql(
    `WITH paid AS (
       UPDATE pack_charges SET status = 'succeeded', payment_ref = ${p.ref(chargeRef)}, failure = NULL, updated_at = now()
        WHERE organization_id = ${p.ref(pack.organization_id, 'uuid')} AND id = ${p.ref(pack.id, 'uuid')}
          AND (status = 'pending'
               OR (status = 'failed' AND payment_ref = ${p.ref(chargeRef)}
                   AND NOT EXISTS (SELECT 1 FROM pack_charges live
                                    WHERE live.organization_id = pack_charges.organization_id
                                      AND live.period_start = pack_charges.period_start
                                      AND live.pack_number = pack_charges.pack_number AND live.status <> 'failed')))
        RETURNING id, organization_id, period_start, amount_cents, currency),
     purchase AS (
       INSERT INTO overage_purchases (id, organization_id, period_start, pack_size, amount_cents, currency, charge_ref)
       SELECT id, organization_id, period_start, ${p.ref(packSize, 'int')}, amount_cents, currency, ${p.ref(chargeRef)} FROM paid)
     INSERT INTO usage_periods (organization_id, period_start, overage_packs)
     SELECT organization_id, period_start, 1 FROM paid
     ON CONFLICT (organization_id, period_start) DO UPDATE SET overage_packs = usage_periods.overage_packs + 1
     RETURNING 1`,
    p.values,
  );
  return rows.length > 0;
}

/**
 * A charge refused: the attempt fails with why, and the payment's id when one was made.
 * Answers whether it was still pending.
 */
export async function settlePackFailed(sql: Sql, pack: PackRef, failure: string, chargeRef?: string): Promise<boolean> {
  const rows = await sql(
    `UPDATE pack_charges SET status = 'failed', failure = $2, payment_ref = COALESCE($4, payment_ref), updated_at = now()
      WHERE organization_id = $3::uuid AND id = $1::uuid AND status = 'pending' RETURNING id`,
    [pack.id, failure, pack.organization_id, chargeRef ?? null],
  );
  return rows.length > 0;
}

/** Pending attempts whose lease has run out: their outcome is unknown until replayed. */
export async function stalePacks(sql: Sql, now: Date): Promise<PackCharge[]> {
  return sql<PackCharge>(`SELECT ${COLUMNS} FROM pack_charges WHERE status = 'pending' AND lease_until <= $1::timestamptz`, [
    now.toISOString(),
  ]);
}
