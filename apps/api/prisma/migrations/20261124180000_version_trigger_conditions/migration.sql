-- The humans row's two BEFORE UPDATE triggers ran their plpgsql functions on every update of
-- the row, though on most updates neither has anything to do: a booking's schedule_version bump
-- (the time claim's trigger) already moves schedule_version and touches none of the rules. The
-- same tests as the functions' own first lines, as WHEN conditions, are evaluated without a
-- call into plpgsql (PostgreSQL: "using WHEN is not materially different from testing the same
-- condition at the beginning of the trigger function"), so the versions move exactly as before
-- and a booking runs two plpgsql calls fewer. Names and order (humans_rules_version first) stay.
DROP TRIGGER "humans_rules_version" ON "humans";
CREATE TRIGGER "humans_rules_version" BEFORE UPDATE ON "humans"
    FOR EACH ROW
    WHEN (NEW.rules_version = OLD.rules_version AND (
            NEW.organization_id, NEW.timezone, NEW.working_days, NEW.work_start, NEW.work_end, NEW.meeting_durations,
            NEW.buffer_before, NEW.buffer_after, NEW.minimum_notice, NEW.booking_horizon_days, NEW.slot_interval,
            NEW.max_bookings_per_day, NEW.deleted_at)
          IS DISTINCT FROM (
            OLD.organization_id, OLD.timezone, OLD.working_days, OLD.work_start, OLD.work_end, OLD.meeting_durations,
            OLD.buffer_before, OLD.buffer_after, OLD.minimum_notice, OLD.booking_horizon_days, OLD.slot_interval,
            OLD.max_bookings_per_day, OLD.deleted_at))
    EXECUTE FUNCTION humantime_next_rules_version();

DROP TRIGGER "humans_schedule_version" ON "humans";
CREATE TRIGGER "humans_schedule_version" BEFORE UPDATE ON "humans"
    FOR EACH ROW
    WHEN (NEW.schedule_version = OLD.schedule_version)
    EXECUTE FUNCTION humantime_next_schedule_version();
