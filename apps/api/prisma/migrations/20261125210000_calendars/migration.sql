-- A human's own calendars (an iCalendar feed or a CalDAV collection) and the busy time read
-- from them. The address and any credentials are a secret: stored encrypted (AES-256-GCM,
-- lib/secret-box.ts); url_digest (an HMAC of the address under the same key) keeps one
-- human from connecting the same address twice without storing it in the clear.
CREATE TABLE "calendars" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "url_digest" CHAR(64) NOT NULL,
    "url_sealed" TEXT NOT NULL,
    "credentials_sealed" TEXT,
    "name" TEXT,
    "write_bookings" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "last_synced_at" TIMESTAMPTZ(3),
    "last_error" JSONB,
    "busy_count" INTEGER NOT NULL DEFAULT 0,
    "etag" TEXT,
    "last_modified" TEXT,
    "sync_state" JSONB,
    -- The refresh job (jobs/calendar-refresh): due at next_sync_at, leased like a delivery.
    "next_sync_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "locked_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "calendars_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "calendars_kind_check" CHECK ("kind" IN ('ics', 'caldav')),
    CONSTRAINT "calendars_status_check" CHECK ("status" IN ('ok', 'error')),
    CONSTRAINT "calendars_write_bookings_check" CHECK (NOT "write_bookings" OR "kind" = 'caldav')
);

CREATE UNIQUE INDEX "calendars_organization_id_human_id_url_digest_key" ON "calendars"("organization_id", "human_id", "url_digest");
CREATE INDEX "calendars_organization_id_human_id_idx" ON "calendars"("organization_id", "human_id");
-- What the refresh job claims: the calendars due, soonest first.
CREATE INDEX "calendars_due_idx" ON "calendars"("next_sync_at") WHERE "locked_until" IS NULL;

ALTER TABLE "calendars"
    ADD CONSTRAINT "calendars_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendars_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Busy time as expanded intervals: only start, end and the event's UID, never what the
-- person does. Read with bookings and holds in the slots statement (the GiST index) and
-- replaced per calendar in one transaction by each read.
CREATE TABLE "calendar_busy" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "calendar_id" UUID NOT NULL,
    "uid" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "calendar_busy_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "calendar_busy_range_check" CHECK ("ends_at" > "starts_at")
);

CREATE INDEX "calendar_busy_calendar_id_idx" ON "calendar_busy"("calendar_id");
CREATE INDEX "calendar_busy_during_idx" ON "calendar_busy" USING gist (
    "organization_id", "human_id", tstzrange("starts_at", "ends_at", '[)'));

ALTER TABLE "calendar_busy"
    ADD CONSTRAINT "calendar_busy_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_busy_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_busy_calendar_id_fkey" FOREIGN KEY ("calendar_id") REFERENCES "calendars"("id") ON DELETE CASCADE ON UPDATE CASCADE;
