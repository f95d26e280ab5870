-- Scheduling rules, reschedule and calendar files (issue 14). Kept by hand in Prisma's
-- layout; src/db/schema-agreement.test.ts proves it matches prisma/schema.prisma.

-- A human's optional rules (null = off), in PRODUCT's ranges.
ALTER TABLE "humans"
    ADD COLUMN "buffer_before" SMALLINT,
    ADD COLUMN "buffer_after" SMALLINT,
    ADD COLUMN "minimum_notice" INTEGER,
    ADD COLUMN "booking_horizon_days" SMALLINT,
    ADD COLUMN "slot_interval" SMALLINT,
    ADD COLUMN "max_bookings_per_day" SMALLINT,
    ADD CONSTRAINT "humans_scheduling_rules_check" CHECK (
        ("buffer_before" IS NULL OR "buffer_before" BETWEEN 0 AND 240) AND
        ("buffer_after" IS NULL OR "buffer_after" BETWEEN 0 AND 240) AND
        ("minimum_notice" IS NULL OR "minimum_notice" BETWEEN 0 AND 43200) AND
        ("booking_horizon_days" IS NULL OR "booking_horizon_days" BETWEEN 1 AND 730) AND
        ("slot_interval" IS NULL OR "slot_interval" BETWEEN 5 AND 480) AND
        ("max_bookings_per_day" IS NULL OR "max_bookings_per_day" BETWEEN 1 AND 100));

-- local_date: the booking's local date in its human's zone, the day it counts toward.
-- rescheduled_from / rescheduled_to link a move; ical_uid and ical_sequence make the calendar
-- file stable (one UID along a chain of moves, a SEQUENCE that grows on every change).
ALTER TABLE "bookings"
    ADD COLUMN "local_date" DATE,
    ADD COLUMN "rescheduled_from" UUID,
    ADD COLUMN "rescheduled_to" UUID,
    ADD COLUMN "ical_uid" TEXT,
    ADD COLUMN "ical_sequence" INTEGER NOT NULL DEFAULT 0;

UPDATE "bookings" b
   SET "local_date" = (b."starts_at" AT TIME ZONE h."timezone")::date,
       "ical_uid" = b."id"::text || '@humantime'
  FROM "humans" h
 WHERE h."id" = b."human_id";

ALTER TABLE "bookings"
    ALTER COLUMN "local_date" SET NOT NULL,
    ALTER COLUMN "ical_uid" SET NOT NULL,
    ADD CONSTRAINT "bookings_rescheduled_from_fkey" FOREIGN KEY ("rescheduled_from") REFERENCES "bookings"("id") ON DELETE SET NULL ON UPDATE CASCADE,
    ADD CONSTRAINT "bookings_rescheduled_to_fkey" FOREIGN KEY ("rescheduled_to") REFERENCES "bookings"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE UNIQUE INDEX "bookings_rescheduled_from_key" ON "bookings"("rescheduled_from");
CREATE UNIQUE INDEX "bookings_rescheduled_to_key" ON "bookings"("rescheduled_to");

-- The time a human's confirmed bookings claim, each with its own buffers: one row per
-- confirmed booking, written and removed in the booking's own transaction. The exclusion
-- constraint makes "a booking's buffered range overlaps no other's" hold however many
-- requests or processes race (23P01), as bookings_no_overlap does for the bare ranges.
-- Holds (issue 15) join it by adding a hold_id column beside booking_id.
CREATE TABLE "time_claims" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "booking_id" UUID,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "time_claims_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_claims_range_check" CHECK ("ends_at" > "starts_at"),
    CONSTRAINT "time_claims_no_overlap" EXCLUDE USING gist (
        "organization_id" WITH =,
        "human_id" WITH =,
        tstzrange("starts_at", "ends_at", '[)') WITH &&
    )
);

CREATE UNIQUE INDEX "time_claims_booking_id_key" ON "time_claims"("booking_id");

ALTER TABLE "time_claims"
    ADD CONSTRAINT "time_claims_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "time_claims_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "time_claims_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing confirmed bookings claim their bare range (they were made without buffers).
INSERT INTO "time_claims" ("organization_id", "human_id", "booking_id", "starts_at", "ends_at")
SELECT "organization_id", "human_id", "id", "starts_at", "ends_at" FROM "bookings" WHERE "status" = 'confirmed';

-- Confirmed bookings per human and local date: the daily maximum is a conditional increment
-- of this row inside the booking transaction (the row lock serializes racing bookings of one
-- day), decremented when a booking is cancelled or moved away.
CREATE TABLE "booking_day_counts" (
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "local_date" DATE NOT NULL,
    "confirmed" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "booking_day_counts_pkey" PRIMARY KEY ("organization_id","human_id","local_date"),
    CONSTRAINT "booking_day_counts_confirmed_check" CHECK ("confirmed" >= 0)
);

ALTER TABLE "booking_day_counts"
    ADD CONSTRAINT "booking_day_counts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "booking_day_counts_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "booking_day_counts" ("organization_id", "human_id", "local_date", "confirmed")
SELECT "organization_id", "human_id", "local_date", count(*) FROM "bookings"
 WHERE "status" = 'confirmed' GROUP BY 1, 2, 3;
