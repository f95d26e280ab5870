-- The delivery log's index leads with organization_id, as every other list's does, so a log
-- page is bounded by both of its conditions. On (webhook_id, created_at, id) organization_id
-- was a filter, and the planner, which takes the two conditions as independent, estimated a
-- webhook's deliveries at a twentieth of their number with 20 organizations: on the embedded
-- store it then read all of a webhook's deliveries (2,915 for a 50,000-booking seed) through
-- the unique key and sorted them, instead of walking the index for its page.
CREATE INDEX "deliveries_organization_id_webhook_id_created_at_id_idx" ON "deliveries"("organization_id", "webhook_id", "created_at" DESC, "id" DESC);
DROP INDEX "deliveries_webhook_id_created_at_id_idx";
