-- Overage packs paid through Stripe (docs/decisions/0048-overage-packs-through-stripe.md).
--
-- billing_accounts: an organization's Stripe customer (created when first needed), its card
-- on file as Stripe describes it, and auto-purchase's attempt number and pause. The attempt
-- goes up each time auto-purchase is switched on, so a pack's idempotency key after a decline
-- is a new one; `paused_reason` says why a decline or a required authentication switched
-- auto-purchase off.
CREATE TABLE "billing_accounts" (
    "organization_id" UUID NOT NULL,
    "stripe_customer_id" TEXT,
    "payment_method_id" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "card_exp_month" INTEGER,
    "card_exp_year" INTEGER,
    "purchase_attempt" INTEGER NOT NULL DEFAULT 1,
    "paused_reason" TEXT,
    "paused_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_accounts_pkey" PRIMARY KEY ("organization_id")
);

CREATE UNIQUE INDEX "billing_accounts_stripe_customer_id_key" ON "billing_accounts"("stripe_customer_id");

ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_organization_id_fkey"
    FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- pack_charges: one row per attempt to buy pack number N of a month, reserved before the
-- charge is sent (status pending), settled after (succeeded or failed). At most one attempt
-- per pack that is not failed (the partial unique index): racing bookings at the boundary
-- reserve one row and so send one charge. `idempotency_key` is what the charge is sent with,
-- so replaying it settles a pending row whose outcome is unknown. `lease_until`: while it is
-- in the future, the booking that reserved the row is sending the charge and others wait.
CREATE TABLE "pack_charges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "pack_number" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "processor" TEXT NOT NULL,
    "payment_method" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "payment_ref" TEXT,
    "failure" TEXT,
    "lease_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pack_charges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pack_charges_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed'))
);

CREATE UNIQUE INDEX "pack_charges_idempotency_key_key" ON "pack_charges"("idempotency_key");
CREATE INDEX "pack_charges_organization_id_created_at_idx" ON "pack_charges"("organization_id", "created_at");
CREATE UNIQUE INDEX "pack_charges_one_live_attempt" ON "pack_charges"("organization_id", "period_start", "pack_number")
    WHERE "status" <> 'failed';

ALTER TABLE "pack_charges" ADD CONSTRAINT "pack_charges_organization_id_fkey"
    FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Packs bought before: one succeeded attempt each, numbered in the order they were bought.
INSERT INTO "pack_charges" ("id", "organization_id", "period_start", "pack_number", "status", "processor", "payment_method",
                            "attempt", "idempotency_key", "amount_cents", "currency", "payment_ref", "lease_until", "created_at", "updated_at")
SELECT "id", "organization_id", "period_start",
       row_number() OVER (PARTITION BY "organization_id", "period_start" ORDER BY "created_at", "id"),
       'succeeded', 'ledger', 'ledger', 1, 'pack:before:' || "id"::text, "amount_cents", "currency", "charge_ref",
       "created_at", "created_at", "created_at"
  FROM "overage_purchases";

-- The ledger answers a replayed idempotency key with the charge it already wrote.
ALTER TABLE "ledger_charges" ADD COLUMN "idempotency_key" TEXT;
CREATE UNIQUE INDEX "ledger_charges_idempotency_key_key" ON "ledger_charges"("idempotency_key");
