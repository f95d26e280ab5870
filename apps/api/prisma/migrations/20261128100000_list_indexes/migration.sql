-- Indexes the lists walk with their keyset bound, `(created_at, id) < (cursor)` (see
-- src/db/tables/list-pages.ts): each filter of GET /v1/bookings gets an index that ends in
-- (created_at DESC, id DESC), so a page reads its own rows and not every row newer than it.
-- GET /v1/bookings?human_id= (with or without status: a human's cancelled ones are a few).
CREATE INDEX "bookings_organization_id_human_id_created_at_id_idx" ON "bookings"("organization_id", "human_id", "created_at" DESC, "id" DESC);
-- GET /v1/bookings?status=
CREATE INDEX "bookings_organization_id_status_created_at_id_idx" ON "bookings"("organization_id", "status", "created_at" DESC, "id" DESC);
-- GET /v1/bookings?starts_after=&starts_before=: the range's rows, then sorted.
CREATE INDEX "bookings_organization_id_starts_at_idx" ON "bookings"("organization_id", "starts_at");

-- The events feed's first page starts at the lowest place of an event of the 30-day window,
-- found here without visiting the organization's older events.
CREATE INDEX "events_organization_id_created_at_feed_seq_idx" ON "events"("organization_id", "created_at", "feed_seq");

-- The Billing page's packs page like every list now: the index ends in (created_at DESC, id DESC).
DROP INDEX "pack_charges_organization_id_created_at_idx";
CREATE INDEX "pack_charges_organization_id_created_at_id_idx" ON "pack_charges"("organization_id", "created_at" DESC, "id" DESC);
