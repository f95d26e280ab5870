-- When each event took its place in its organization's feed (db/tables/events.ts placeEvents).
-- Never before the event's created_at, and never less than an earlier place's, so the events
-- created in the feed's window are all at or after the first place whose placed_at is in it:
-- the feed's first page finds that place in one step of the index below, where the index on
-- (organization_id, created_at, feed_seq) had it read every event of the window for the lowest
-- place (places follow commits, not created_at).
ALTER TABLE "events" ADD COLUMN "placed_at" TIMESTAMPTZ(3);

-- Places given so far: the latest created_at up to each place, which keeps both rules.
UPDATE "events" e
   SET "placed_at" = p."placed_at"
  FROM (SELECT "organization_id", "id",
               max("created_at") OVER (PARTITION BY "organization_id" ORDER BY "feed_seq") AS "placed_at"
          FROM "events" WHERE "feed_seq" IS NOT NULL) p
 WHERE e."organization_id" = p."organization_id" AND e."id" = p."id";

ALTER TABLE "events" ADD CONSTRAINT "events_placed_at_with_place"
  CHECK (("feed_seq" IS NULL) = ("placed_at" IS NULL) AND "placed_at" >= "created_at");

CREATE INDEX "events_organization_id_placed_at_feed_seq_idx" ON "events"("organization_id", "placed_at", "feed_seq");
DROP INDEX "events_organization_id_created_at_feed_seq_idx";
