-- The delivery log's JSON, kept with its rows as bookings keep theirs (20261206000000): each
-- attempt its whole answer (immutable), each delivery its answer around the attempts, in two
-- pieces: `answer_head` up to `"attempts":[`, `answer_tail` from the `]` on. The log's statement
-- joins head, the attempts' texts and tail instead of writing every delivery and attempt as
-- JSON on every read. Triggers write them; the defaults are never kept. A delivery's pieces
-- change with its status and next attempt only, so its trigger fires on the writes that set
-- those (not on a claim's lease).
ALTER TABLE "delivery_attempts" ADD COLUMN "answer_json" TEXT NOT NULL DEFAULT '';

CREATE FUNCTION humantime_delivery_attempt_answer_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answer_json := (
    SELECT row_to_json(a)::text
      FROM (SELECT NEW.attempt AS attempt,
                   to_char(NEW.attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS attempted_at,
                   NEW.status_code AS status_code,
                   NEW.error AS error,
                   NEW.duration_ms AS duration_ms) a);
  RETURN NEW;
END $$;

CREATE TRIGGER "delivery_attempts_answer_json" BEFORE INSERT OR UPDATE ON "delivery_attempts"
    FOR EACH ROW EXECUTE FUNCTION humantime_delivery_attempt_answer_json();

ALTER TABLE "deliveries" ADD COLUMN "answer_head" TEXT NOT NULL DEFAULT '';
ALTER TABLE "deliveries" ADD COLUMN "answer_tail" TEXT NOT NULL DEFAULT '';

CREATE FUNCTION humantime_delivery_answer_json() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  answer text;
  split integer;
BEGIN
  answer := (
    SELECT row_to_json(d)::text
      FROM (SELECT NEW.id AS id,
                   NEW.webhook_id AS webhook_id,
                   NEW.event_type AS event,
                   NEW.booking_id AS booking_id,
                   NEW.status AS status,
                   '[]'::json AS attempts,
                   CASE WHEN NEW.status = 'pending'
                        THEN to_char(NEW.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS next_attempt_at,
                   to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at) d);
  -- The fields before it are ids, the status and the event type: the first match is the field.
  split := strpos(answer, ',"attempts":[]') + length(',"attempts":[');
  NEW.answer_head := left(answer, split - 1);
  NEW.answer_tail := substr(answer, split);
  RETURN NEW;
END $$;

CREATE TRIGGER "deliveries_answer_json" BEFORE INSERT OR UPDATE OF "status", "next_attempt_at" ON "deliveries"
    FOR EACH ROW EXECUTE FUNCTION humantime_delivery_answer_json();

-- Rows stored before: the triggers write theirs.
UPDATE "delivery_attempts" SET "answer_json" = '';
UPDATE "deliveries" SET "status" = "status";
