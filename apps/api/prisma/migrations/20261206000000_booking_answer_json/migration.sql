-- Each booking keeps its answer's JSON (what GET /v1/bookings/{id} sends: bookingView, then
-- JSON.stringify), written by a trigger whenever the row is written, so GET /v1/bookings sends
-- a page of stored texts instead of writing 51 rows as JSON on every read: building them cost
-- PostgreSQL twice the list's own statement (docs/benchmarks.md, "A full first page against an
-- empty one"). row_to_json writes compact JSON in the columns' order and a json value as it is:
-- the metadata the service stores is its JSON.stringify text; a row stored while the column
-- was jsonb holds jsonb's spaced text, whose whitespace outside strings is dropped here (each
-- string is matched whole and kept). Such a row's numbers stay as jsonb wrote them
-- (1000000000000000000000 where JSON.stringify writes 1e+21): the same number, other digits.
ALTER TABLE "bookings" ADD COLUMN "answer_json" TEXT;

CREATE FUNCTION humantime_booking_answer_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answer_json := (
    SELECT row_to_json(b)::text
      FROM (SELECT NEW.id AS id,
                   NEW.human_id AS human_id,
                   to_char(NEW.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at,
                   to_char(NEW.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ends_at,
                   NEW.duration_minutes AS duration_minutes,
                   NEW.attendee_name AS attendee_name,
                   NEW.attendee_email AS attendee_email,
                   NEW.status AS status,
                   CASE WHEN strpos(NEW.metadata::text, ' ') = 0 THEN NEW.metadata
                        ELSE regexp_replace(NEW.metadata::text, '("(?:[^"\\]|\\.)*")|\s+', '\1', 'g')::json END AS metadata,
                   to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
                   to_char(NEW.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS cancelled_at,
                   NEW.rescheduled_from AS rescheduled_from,
                   NEW.rescheduled_to AS rescheduled_to,
                   NEW.group_id AS group_id) b);
  RETURN NEW;
END $$;

CREATE TRIGGER "bookings_answer_json" BEFORE INSERT OR UPDATE ON "bookings"
    FOR EACH ROW EXECUTE FUNCTION humantime_booking_answer_json();

-- Bookings stored before: the trigger writes theirs.
UPDATE "bookings" SET "answer_json" = NULL;

ALTER TABLE "bookings" ALTER COLUMN "answer_json" SET NOT NULL;
