-- Wake the delivery workers when work is committed (issue 16). Separate `pnpm worker`
-- processes LISTEN on humantime_deliveries; NOTIFY is transactional, so a worker hears it
-- only once the booking's transaction (which wrote the deliveries) has committed, and
-- identical notifications of one transaction are folded into one. The poll stays as the
-- fallback: a notification lost while a listener reconnects delays a delivery, never loses it.
CREATE FUNCTION "humantime_notify_deliveries"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('humantime_deliveries', '');
  RETURN NULL;
END
$$;

-- New deliveries (a booking confirmed, cancelled or rescheduled): once per statement.
CREATE TRIGGER "deliveries_notify_insert"
  AFTER INSERT ON "deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "humantime_notify_deliveries"();

-- A finished delivery put back in the outbox (POST .../deliveries/{id}/retry). Only that
-- change: the workers' own claims and recorded attempts do not wake everyone.
CREATE TRIGGER "deliveries_notify_requeue"
  AFTER UPDATE OF "status" ON "deliveries"
  FOR EACH ROW WHEN (NEW."status" = 'pending' AND OLD."status" <> 'pending')
  EXECUTE FUNCTION "humantime_notify_deliveries"();
