-- Tenant keys: every table of an organization's data is keyed by organization first, so the
-- schema can be distributed by organization_id on Citus without a redesign (docs/scaling.md).
-- Kept by hand in Prisma's layout; src/db/schema-agreement.test.ts proves it matches
-- prisma/schema.prisma and src/db/tenant-keys.test.ts that every tenant table's primary key,
-- unique, exclusion and foreign-key constraints carry organization_id.
--
-- On a distributed table a constraint can only be checked inside one shard, so it must include
-- the distribution column: primary keys become (organization_id, id), unique and exclusion
-- constraints gain organization_id, and a foreign key between two tenant tables names the
-- organization on both sides. Works on a populated database: the three tables without the
-- column get it from their parent before it is made NOT NULL.

-- 1. organization_id where it was missing, from the parent row.
ALTER TABLE "overrides" ADD COLUMN "organization_id" UUID;
UPDATE "overrides" o SET "organization_id" = h."organization_id" FROM "humans" h WHERE h."id" = o."human_id";
ALTER TABLE "overrides" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "deliveries" ADD COLUMN "organization_id" UUID;
UPDATE "deliveries" d SET "organization_id" = e."organization_id" FROM "events" e WHERE e."id" = d."event_id";
ALTER TABLE "deliveries" ALTER COLUMN "organization_id" SET NOT NULL;

ALTER TABLE "delivery_attempts" ADD COLUMN "organization_id" UUID;
UPDATE "delivery_attempts" a SET "organization_id" = d."organization_id" FROM "deliveries" d WHERE d."id" = a."delivery_id";
ALTER TABLE "delivery_attempts" ALTER COLUMN "organization_id" SET NOT NULL;

-- 2. The foreign keys that point at the single-column keys go first (they depend on them).
ALTER TABLE "overrides" DROP CONSTRAINT "overrides_human_id_fkey";
ALTER TABLE "bookings"
    DROP CONSTRAINT "bookings_human_id_fkey",
    DROP CONSTRAINT "bookings_rescheduled_from_fkey",
    DROP CONSTRAINT "bookings_rescheduled_to_fkey";
ALTER TABLE "events" DROP CONSTRAINT "events_booking_id_fkey";
ALTER TABLE "deliveries"
    DROP CONSTRAINT "deliveries_event_id_fkey",
    DROP CONSTRAINT "deliveries_webhook_id_fkey";
ALTER TABLE "delivery_attempts" DROP CONSTRAINT "delivery_attempts_delivery_id_fkey";
ALTER TABLE "time_claims"
    DROP CONSTRAINT "time_claims_human_id_fkey",
    DROP CONSTRAINT "time_claims_booking_id_fkey",
    DROP CONSTRAINT "time_claims_hold_id_fkey";
ALTER TABLE "booking_day_counts" DROP CONSTRAINT "booking_day_counts_human_id_fkey";
ALTER TABLE "holds" DROP CONSTRAINT "holds_human_id_fkey";
ALTER TABLE "calendars" DROP CONSTRAINT "calendars_human_id_fkey";
ALTER TABLE "calendar_busy"
    DROP CONSTRAINT "calendar_busy_human_id_fkey",
    DROP CONSTRAINT "calendar_busy_calendar_id_fkey";
ALTER TABLE "calendar_writes"
    DROP CONSTRAINT "calendar_writes_calendar_id_fkey",
    DROP CONSTRAINT "calendar_writes_human_id_fkey";
-- calendar_feeds is found by its token alone, so it is a reference table (copied to every node),
-- and Citus refuses a foreign key from a reference table to a distributed one. The feed keeps
-- its organization's foreign key; the human's gave nothing that still happens: humans are
-- only ever soft-deleted (deleted_at) except with their organization, whose cascade removes
-- the feed too, and the feed is written only for a live human of its organization
-- (db/tables/calendar-feeds.ts) and read only joined to one.
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_human_id_fkey";

-- 3. Primary keys: (organization_id, id).
ALTER TABLE "humans" DROP CONSTRAINT "humans_pkey", ADD CONSTRAINT "humans_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "overrides" DROP CONSTRAINT "overrides_pkey", ADD CONSTRAINT "overrides_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_pkey", ADD CONSTRAINT "bookings_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey", ADD CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_pkey", ADD CONSTRAINT "webhooks_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "events" DROP CONSTRAINT "events_pkey", ADD CONSTRAINT "events_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_pkey", ADD CONSTRAINT "deliveries_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "delivery_attempts" DROP CONSTRAINT "delivery_attempts_pkey", ADD CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "overage_purchases" DROP CONSTRAINT "overage_purchases_pkey", ADD CONSTRAINT "overage_purchases_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "ledger_charges" DROP CONSTRAINT "ledger_charges_pkey", ADD CONSTRAINT "ledger_charges_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "pack_charges" DROP CONSTRAINT "pack_charges_pkey", ADD CONSTRAINT "pack_charges_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "time_claims" DROP CONSTRAINT "time_claims_pkey", ADD CONSTRAINT "time_claims_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "holds" DROP CONSTRAINT "holds_pkey", ADD CONSTRAINT "holds_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "calendars" DROP CONSTRAINT "calendars_pkey", ADD CONSTRAINT "calendars_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "calendar_busy" DROP CONSTRAINT "calendar_busy_pkey", ADD CONSTRAINT "calendar_busy_pkey" PRIMARY KEY ("organization_id", "id");
ALTER TABLE "calendar_writes" DROP CONSTRAINT "calendar_writes_pkey", ADD CONSTRAINT "calendar_writes_pkey" PRIMARY KEY ("organization_id", "id");

-- 4. Unique indexes: the same rule, unique within the organization. (A Stripe customer, a
-- charge's idempotency key and a reschedule link are made per organization already; nothing
-- looks them up across organizations.)
DROP INDEX "bookings_rescheduled_from_key";
DROP INDEX "bookings_rescheduled_to_key";
CREATE UNIQUE INDEX "bookings_organization_id_rescheduled_from_key" ON "bookings"("organization_id", "rescheduled_from");
CREATE UNIQUE INDEX "bookings_organization_id_rescheduled_to_key" ON "bookings"("organization_id", "rescheduled_to");
DROP INDEX "time_claims_booking_id_key";
DROP INDEX "time_claims_hold_id_key";
CREATE UNIQUE INDEX "time_claims_organization_id_booking_id_key" ON "time_claims"("organization_id", "booking_id");
CREATE UNIQUE INDEX "time_claims_organization_id_hold_id_key" ON "time_claims"("organization_id", "hold_id");
DROP INDEX "deliveries_event_id_webhook_id_key";
CREATE UNIQUE INDEX "deliveries_organization_id_event_id_webhook_id_key" ON "deliveries"("organization_id", "event_id", "webhook_id");
DROP INDEX "delivery_attempts_delivery_id_attempt_key";
CREATE UNIQUE INDEX "delivery_attempts_organization_id_delivery_id_attempt_key" ON "delivery_attempts"("organization_id", "delivery_id", "attempt");
DROP INDEX "ledger_charges_idempotency_key_key";
CREATE UNIQUE INDEX "ledger_charges_organization_id_idempotency_key_key" ON "ledger_charges"("organization_id", "idempotency_key");
DROP INDEX "pack_charges_idempotency_key_key";
CREATE UNIQUE INDEX "pack_charges_organization_id_idempotency_key_key" ON "pack_charges"("organization_id", "idempotency_key");
DROP INDEX "billing_accounts_stripe_customer_id_key";
CREATE UNIQUE INDEX "billing_accounts_organization_id_stripe_customer_id_key" ON "billing_accounts"("organization_id", "stripe_customer_id");

-- 5. The bookings' exclusion constraint names the organization like time_claims_no_overlap
-- (a human belongs to one organization, so the same bookings conflict as before).
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
    "organization_id" WITH =,
    "human_id" WITH =,
    tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("status" = 'confirmed');

-- 6. The foreign keys again, organization first on both sides. A reschedule link is cleared
-- with its target, but only the link: SET NULL (column) leaves organization_id alone.
ALTER TABLE "overrides" ADD CONSTRAINT "overrides_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookings"
    ADD CONSTRAINT "bookings_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "bookings_organization_id_rescheduled_from_fkey" FOREIGN KEY ("organization_id", "rescheduled_from") REFERENCES "bookings"("organization_id", "id") ON DELETE SET NULL ("rescheduled_from") ON UPDATE CASCADE,
    ADD CONSTRAINT "bookings_organization_id_rescheduled_to_fkey" FOREIGN KEY ("organization_id", "rescheduled_to") REFERENCES "bookings"("organization_id", "id") ON DELETE SET NULL ("rescheduled_to") ON UPDATE CASCADE;
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_booking_id_fkey" FOREIGN KEY ("organization_id", "booking_id") REFERENCES "bookings"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries"
    ADD CONSTRAINT "deliveries_organization_id_event_id_fkey" FOREIGN KEY ("organization_id", "event_id") REFERENCES "events"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "deliveries_organization_id_webhook_id_fkey" FOREIGN KEY ("organization_id", "webhook_id") REFERENCES "webhooks"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_organization_id_delivery_id_fkey" FOREIGN KEY ("organization_id", "delivery_id") REFERENCES "deliveries"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "time_claims"
    ADD CONSTRAINT "time_claims_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "time_claims_organization_id_booking_id_fkey" FOREIGN KEY ("organization_id", "booking_id") REFERENCES "bookings"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "time_claims_organization_id_hold_id_fkey" FOREIGN KEY ("organization_id", "hold_id") REFERENCES "holds"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking_day_counts" ADD CONSTRAINT "booking_day_counts_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "holds" ADD CONSTRAINT "holds_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "calendar_busy"
    ADD CONSTRAINT "calendar_busy_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_busy_organization_id_calendar_id_fkey" FOREIGN KEY ("organization_id", "calendar_id") REFERENCES "calendars"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "calendar_writes"
    ADD CONSTRAINT "calendar_writes_organization_id_calendar_id_fkey" FOREIGN KEY ("organization_id", "calendar_id") REFERENCES "calendars"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_writes_organization_id_human_id_fkey" FOREIGN KEY ("organization_id", "human_id") REFERENCES "humans"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- 7. Triggers that reach another row by its id now name its organization too: the primary key
-- is (organization_id, id), and on Citus the statement must stay in the shard it fires in.
CREATE OR REPLACE FUNCTION humantime_touch_human_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE humans SET schedule_version = schedule_version + 1
     WHERE organization_id = OLD.organization_id AND id = OLD.human_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.human_id IS DISTINCT FROM OLD.human_id) THEN
    UPDATE humans SET schedule_version = schedule_version + 1
     WHERE organization_id = NEW.organization_id AND id = NEW.human_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION humantime_touch_human_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE humans SET rules_version = rules_version + 1 WHERE organization_id = OLD.organization_id AND id = OLD.human_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.human_id IS DISTINCT FROM OLD.human_id) THEN
    UPDATE humans SET rules_version = rules_version + 1 WHERE organization_id = NEW.organization_id AND id = NEW.human_id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION humantime_queue_calendar_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calendar_writes (organization_id, calendar_id, human_id, ical_uid)
  SELECT c.organization_id, c.id, c.human_id, b.ical_uid
    FROM bookings b
    JOIN calendars c ON c.organization_id = b.organization_id AND c.human_id = b.human_id AND c.write_bookings
   WHERE b.organization_id = NEW.organization_id AND b.id = NEW.booking_id;
  RETURN NULL;
END $$;
