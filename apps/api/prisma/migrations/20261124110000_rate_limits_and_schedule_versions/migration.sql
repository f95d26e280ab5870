-- Rate limits and schedule versions (issue 16). Kept by hand in Prisma's layout;
-- src/db/schema-agreement.test.ts proves it matches prisma/schema.prisma.

-- One token bucket per API key (PRODUCT "Rate limits"), charged by the same statement that
-- resolves the key, so every API process on the server shares it at no extra round trip.
-- UNLOGGED: a bucket is seconds of state, not a record; it is not worth a WAL write per
-- request, and after a crash the buckets start full (a restart forgives a few requests).
CREATE UNLOGGED TABLE "rate_limit_buckets" (
    "api_key_id" UUID NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "refilled_at" TIMESTAMPTZ(3) NOT NULL,
    "allowed" BOOLEAN NOT NULL,
    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("api_key_id")
);

ALTER TABLE "rate_limit_buckets"
    ADD CONSTRAINT "rate_limit_buckets_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A human's schedule version changes with everything the slot engine reads of that human:
-- the row itself (hours, zone, rules, deletion), its overrides, and its time claims (bookings
-- and holds, which move its day counts in the same transactions). A process that caches a
-- snapshot keeps the version it was read at and checks it in the statement that resolves the
-- API key, so a cached snapshot is used only while it is exactly what the database holds.
ALTER TABLE "humans" ADD COLUMN "schedule_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION humantime_next_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.schedule_version = OLD.schedule_version THEN
    NEW.schedule_version := OLD.schedule_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "humans_schedule_version" BEFORE UPDATE ON "humans"
    FOR EACH ROW EXECUTE FUNCTION humantime_next_schedule_version();

CREATE FUNCTION humantime_touch_human_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE humans SET schedule_version = schedule_version + 1 WHERE id = OLD.human_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.human_id IS DISTINCT FROM OLD.human_id) THEN
    UPDATE humans SET schedule_version = schedule_version + 1 WHERE id = NEW.human_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "overrides_touch_human" AFTER INSERT OR UPDATE OR DELETE ON "overrides"
    FOR EACH ROW EXECUTE FUNCTION humantime_touch_human_schedule();

CREATE TRIGGER "time_claims_touch_human" AFTER INSERT OR UPDATE OR DELETE ON "time_claims"
    FOR EACH ROW EXECUTE FUNCTION humantime_touch_human_schedule();

CREATE TRIGGER "booking_day_counts_touch_human" AFTER INSERT OR UPDATE OR DELETE ON "booking_day_counts"
    FOR EACH ROW EXECUTE FUNCTION humantime_touch_human_schedule();
