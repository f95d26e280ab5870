-- The month's quota counter, striped (docs/decisions.md, "The striped quota counter"): the
-- atomic booking statement takes its unit from one of 8 stripes, so an organization's bookings
-- no longer queue on the single usage_periods row until each commit's WAL flush.
-- A stripe's `allowance` is the share of the limit it may hand out without asking; it is only
-- set while usage_periods' row and all 8 stripes are locked, so that the free allowances never
-- sum to more than what is left under the limit. `quota` is the plan quota the allowance was
-- set under: after a plan change the fast path does not trust it and takes the slow path.
CREATE TABLE "usage_stripes" (
    "organization_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "stripe" SMALLINT NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "allowance" INTEGER NOT NULL DEFAULT 0,
    "quota" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "usage_stripes_pkey" PRIMARY KEY ("organization_id","period_start","stripe"),
    CONSTRAINT "usage_stripes_used_within_allowance_check" CHECK ("used" >= 0 AND "used" <= "allowance"),
    CONSTRAINT "usage_stripes_stripe_check" CHECK ("stripe" >= 0 AND "stripe" < 8)
);

ALTER TABLE "usage_stripes" ADD CONSTRAINT "usage_stripes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
