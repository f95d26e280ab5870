-- One schedule_version bump per human per transaction (docs/decisions.md, "Rate limits, round
-- trips and caches"). A booking inserts a time claim AND moves a day count, and each trigger
-- updated the human's row: two new row versions, two runs of the humans triggers and their
-- foreign-key check, per booking. A reader only ever sees committed versions, so one bump in
-- the transaction already makes every snapshot read before it stale; a row this transaction
-- has updated carries its xid as xmin, and is left alone. (A bump made in a subtransaction
-- carries the subtransaction's xid: then a second bump happens, which is merely redundant.)
CREATE OR REPLACE FUNCTION humantime_touch_human_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE humans SET schedule_version = schedule_version + 1
     WHERE id = OLD.human_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.human_id IS DISTINCT FROM OLD.human_id) THEN
    UPDATE humans SET schedule_version = schedule_version + 1
     WHERE id = NEW.human_id AND xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
