-- Bookings out, into the human's CalDAV calendars that take them (write_bookings): every booking
-- event queues, in the booking's own transaction, one write per such calendar, keyed by the
-- booking's calendar UID (shared along a chain of reschedules). A write makes the calendar show
-- that UID as it is when the write runs: the confirmed booking of the chain is PUT, a chain
-- with none is DELETEd, so writes of one UID may run in any order and a retry is harmless.
-- The job (jobs/calendar-write) claims them like deliveries, with the webhooks' retry schedule.
CREATE TABLE "calendar_writes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "calendar_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "ical_uid" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "calendar_writes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "calendar_writes_status_check" CHECK ("status" IN ('pending', 'done', 'failed'))
);

CREATE INDEX "calendar_writes_calendar_id_idx" ON "calendar_writes"("calendar_id");
CREATE INDEX "calendar_writes_due_idx" ON "calendar_writes"("next_attempt_at") WHERE "status" = 'pending';

ALTER TABLE "calendar_writes"
    ADD CONSTRAINT "calendar_writes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_writes_calendar_id_fkey" FOREIGN KEY ("calendar_id") REFERENCES "calendars"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_writes_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION humantime_queue_calendar_writes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO calendar_writes (organization_id, calendar_id, human_id, ical_uid)
  SELECT c.organization_id, c.id, c.human_id, b.ical_uid
    FROM bookings b
    JOIN calendars c ON c.organization_id = b.organization_id AND c.human_id = b.human_id AND c.write_bookings
   WHERE b.id = NEW.booking_id;
  RETURN NULL;
END $$;

CREATE TRIGGER "events_calendar_writes" AFTER INSERT ON "events"
    FOR EACH ROW EXECUTE FUNCTION humantime_queue_calendar_writes();
