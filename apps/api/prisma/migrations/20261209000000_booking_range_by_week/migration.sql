-- A date-range list of an organization's bookings (GET /v1/bookings?starts_after&starts_before)
-- chooses its rows by starts_at and pages them by created_at. Read through an index on
-- (organization_id, starts_at), every page sorted the whole range for its 51 rows. Within one
-- week of starts (UTC, from Monday) this index gives the bookings in the page's order, so a
-- range is read as one walk per week that each stop at a page (db/tables/list-pages.ts). It
-- replaces the index on (organization_id, starts_at), which nothing else read: a human's range
-- is read through (human_id, starts_at). An expression index, so it lives in the SQL alone.
DROP INDEX "bookings_organization_id_starts_at_idx";
CREATE INDEX "bookings_organization_id_start_week_idx" ON "bookings"
  ("organization_id", (date_trunc('week', timezone('UTC', "starts_at"))), "created_at" DESC, "id" DESC)
  INCLUDE ("starts_at", "status");
