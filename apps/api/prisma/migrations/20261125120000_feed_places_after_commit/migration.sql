-- The events feed (GET /v1/events) served an event only once every transaction older than it
-- had ended, by the snapshot's xmin. xids are cluster-wide, so one long transaction anywhere on
-- the server (another database included) held every event back for as long as it ran.
--
-- Now each event gets its place in its organization's feed, `feed_seq`, after it has committed:
-- whoever reads the feed next numbers the events still without a place, in (xact_id, seq)
-- order, continuing from the organization's highest number, under the organization's
-- transaction-level advisory lock. A number is only ever given to a committed event and only
-- ever grows, so a reader paging by feed_seq never skips an event and never sees one out of
-- order; and nothing else that runs on the server holds a place back.
ALTER TABLE "events" ADD COLUMN "feed_seq" BIGINT;

-- Events already written keep the order the feed served them in.
UPDATE "events" e
   SET "feed_seq" = n.place
  FROM (SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY xact_id, seq) AS place FROM "events") n
 WHERE e.id = n.id;

CREATE UNIQUE INDEX "events_organization_id_feed_seq_key" ON "events"("organization_id", "feed_seq");

-- The events still waiting for a place: found without reading the placed ones.
CREATE INDEX "events_unplaced_idx" ON "events"("organization_id", "xact_id", "seq") WHERE "feed_seq" IS NULL;

DROP INDEX "events_organization_id_xact_id_seq_idx";
