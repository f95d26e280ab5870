-- Rules versions (docs/decisions.md, "The booking's cached rules"). Kept by hand in Prisma's
-- layout; src/db/schema-agreement.test.ts proves it matches prisma/schema.prisma.

-- A human's rules version changes with what the booking path's JS judge decides on that the
-- database does not enforce itself: the row's zone, working days and hours, meeting
-- durations, scheduling rules (the buffers and the daily maximum shape what the atomic
-- statement writes) and deletion, and every override of the human. NOT its time claims, holds
-- or day counts: those the database enforces (exclusion constraints, the conditional count),
-- so a snapshot judged on old busy time is still safe. schedule_version (which bookings move)
-- stays for the slots routes' cache; this one is what the atomic booking statement checks, so
-- a process can judge a booking on its cached snapshot while bookings stream in.
ALTER TABLE "humans" ADD COLUMN "rules_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION humantime_next_rules_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.rules_version = OLD.rules_version AND (
       NEW.organization_id, NEW.timezone, NEW.working_days, NEW.work_start, NEW.work_end, NEW.meeting_durations,
       NEW.buffer_before, NEW.buffer_after, NEW.minimum_notice, NEW.booking_horizon_days, NEW.slot_interval,
       NEW.max_bookings_per_day, NEW.deleted_at)
     IS DISTINCT FROM (
       OLD.organization_id, OLD.timezone, OLD.working_days, OLD.work_start, OLD.work_end, OLD.meeting_durations,
       OLD.buffer_before, OLD.buffer_after, OLD.minimum_notice, OLD.booking_horizon_days, OLD.slot_interval,
       OLD.max_bookings_per_day, OLD.deleted_at) THEN
    NEW.rules_version := OLD.rules_version + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "humans_rules_version" BEFORE UPDATE ON "humans"
    FOR EACH ROW EXECUTE FUNCTION humantime_next_rules_version();

CREATE FUNCTION humantime_touch_human_rules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE humans SET rules_version = rules_version + 1 WHERE id = OLD.human_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.human_id IS DISTINCT FROM OLD.human_id) THEN
    UPDATE humans SET rules_version = rules_version + 1 WHERE id = NEW.human_id;
  END IF;
  RETURN NULL;
END $$;

-- Replaces the override trigger of 20261124110000: the UPDATE of the human's row below moves
-- its schedule_version too (humans_schedule_version bumps it on every update), so one UPDATE
-- per changed override keeps both versions.
DROP TRIGGER "overrides_touch_human" ON "overrides";

CREATE TRIGGER "overrides_touch_human_rules" AFTER INSERT OR UPDATE OR DELETE ON "overrides"
    FOR EACH ROW EXECUTE FUNCTION humantime_touch_human_rules();
