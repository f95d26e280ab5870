-- Notify only when deliveries were really written (issue 16). The statement-level trigger of
-- 20261124100000_delivery_notify fired for every INSERT statement on deliveries, rows or not,
-- and the atomic booking statement always runs its (often empty) fan-out INSERT. A NOTIFY
-- takes PostgreSQL's database-wide notification lock at commit and holds it through the
-- commit's WAL flush, so every booking, with webhooks or without, committed one after another.
-- Now an organization without webhooks never notifies; one with webhooks still does (see
-- docs/benchmarks.md).
CREATE FUNCTION "humantime_notify_new_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted) THEN
    PERFORM pg_notify('humantime_deliveries', '');
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "deliveries_notify_insert" ON "deliveries";

CREATE TRIGGER "deliveries_notify_insert"
  AFTER INSERT ON "deliveries"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "humantime_notify_new_deliveries"();
