-- Holds and several humans (issue 15). Kept by hand in Prisma's layout;
-- src/db/schema-agreement.test.ts proves it matches prisma/schema.prisma.

-- A hold keeps a start for a few minutes. It is live while expires_at is ahead of the
-- service's clock; released and confirmed holds are deleted, expired ones are deleted by the
-- next transaction that writes a claim for their human (and by the sweeper).
CREATE TABLE "holds" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "holds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "holds_range_check" CHECK ("ends_at" > "starts_at" AND "expires_at" > "created_at")
);

CREATE INDEX "holds_organization_id_expires_at_idx" ON "holds"("organization_id", "expires_at");
CREATE INDEX "holds_human_id_expires_at_idx" ON "holds"("human_id", "expires_at");

ALTER TABLE "holds"
    ADD CONSTRAINT "holds_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "holds_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A hold claims its time through the same exclusion constraint as bookings
-- (time_claims_no_overlap), so a live hold and a booking, or two holds, cannot overlap under
-- any race. A claim belongs to exactly one booking or one hold; a hold's claim carries the
-- hold's expiry, so reads can ignore an expired claim before anyone has deleted it.
ALTER TABLE "time_claims"
    ADD COLUMN "hold_id" UUID,
    ADD COLUMN "expires_at" TIMESTAMPTZ(3),
    ADD CONSTRAINT "time_claims_owner_check" CHECK (
        num_nonnulls("booking_id", "hold_id") = 1 AND ("hold_id" IS NULL) = ("expires_at" IS NULL)),
    ADD CONSTRAINT "time_claims_hold_id_fkey" FOREIGN KEY ("hold_id") REFERENCES "holds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE UNIQUE INDEX "time_claims_hold_id_key" ON "time_claims"("hold_id");

-- The bookings of one mode=all booking of several humans share a group_id.
ALTER TABLE "bookings" ADD COLUMN "group_id" UUID;

CREATE INDEX "bookings_group_id_idx" ON "bookings"("group_id");
