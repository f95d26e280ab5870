-- A date-range list of bookings (GET /v1/bookings?starts_from&starts_before) selects its range
-- on starts_at but pages in created_at order, so it sorts the whole range for one page. With
-- the columns the page is chosen by carried in the index, that choice reads the index alone
-- (an index-only scan) and only the page's 50 rows are read from the table
-- (db/tables/list-pages.ts). INCLUDE columns are not part of the key, so schema.prisma still
-- declares the index on (organization_id, starts_at).
DROP INDEX "bookings_organization_id_starts_at_idx";
CREATE INDEX "bookings_organization_id_starts_at_idx" ON "bookings"("organization_id", "starts_at") INCLUDE ("created_at", "id", "human_id", "status");
