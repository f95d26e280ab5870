-- The delivery log as a read of one table. Each delivery keeps its attempts' JSON (each
-- attempt's answer_json, in attempt order, joined by commas) between its answer's head and
-- tail (20261207000000_delivery_answer_json), so a page of the log no longer looks up every
-- delivery's attempts. A trigger on delivery_attempts writes it again from the table, through
-- its index on (organization_id, delivery_id, attempt), after each attempt added or removed:
-- right whatever order a statement writes them in (the seed adds a delivery's attempts in the
-- statement that adds the delivery). The worker adds one attempt at a time, in the transaction
-- that already updates the delivery's row; retention removes attempts only of deliveries it
-- removes next.
ALTER TABLE "deliveries" ADD COLUMN "answer_attempts" TEXT NOT NULL DEFAULT '';

CREATE FUNCTION humantime_delivery_answer_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed delivery_attempts%ROWTYPE;
BEGIN
  changed := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  UPDATE deliveries d
     SET answer_attempts = array_to_string(ARRAY(
           SELECT a.answer_json FROM delivery_attempts a
            WHERE a.organization_id = changed.organization_id AND a.delivery_id = changed.delivery_id ORDER BY a.attempt), ',')
   WHERE d.organization_id = changed.organization_id AND d.id = changed.delivery_id;
  RETURN NULL;
END $$;

CREATE TRIGGER "delivery_attempts_answer" AFTER INSERT OR DELETE ON "delivery_attempts"
    FOR EACH ROW EXECUTE FUNCTION humantime_delivery_answer_attempts();

-- Deliveries stored before: their attempts, as the trigger would write them.
UPDATE "deliveries" d
   SET "answer_attempts" = a.joined
  FROM (SELECT organization_id, delivery_id, string_agg(answer_json, ',' ORDER BY attempt) AS joined
          FROM delivery_attempts GROUP BY organization_id, delivery_id) a
 WHERE d.organization_id = a.organization_id AND d.id = a.delivery_id;
