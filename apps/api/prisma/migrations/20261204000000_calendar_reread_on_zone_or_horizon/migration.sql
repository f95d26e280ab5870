-- A human's calendars are expanded in their zone (floating times, all-day events) and up to
-- their booking horizon plus 30 days. When either changes, the busy time read under the old
-- ones no longer holds: each of the human's calendars is due for a full read at once (its
-- validators dropped, so a feed that did not change is parsed again rather than answered
-- 304). Until that read lands (the refresh job claims it within its poll), the old busy time
-- stays, as for any read in flight.
CREATE FUNCTION calendars_reread_for_human() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.timezone IS DISTINCT FROM OLD.timezone OR NEW.booking_horizon_days IS DISTINCT FROM OLD.booking_horizon_days THEN
    UPDATE calendars SET next_sync_at = now(), etag = NULL, last_modified = NULL
     WHERE organization_id = NEW.organization_id AND human_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER humans_calendars_reread AFTER UPDATE OF timezone, booking_horizon_days ON humans
  FOR EACH ROW EXECUTE FUNCTION calendars_reread_for_human();
