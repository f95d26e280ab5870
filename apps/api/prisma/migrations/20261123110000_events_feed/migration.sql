-- The events feed (GET /v1/events) must hand out every event exactly once, in order, while
-- bookings commit concurrently. created_at or a plain serial is not safe: transactions commit
-- out of order, so a reader could page past a key that a slower transaction fills in later.
-- Each event records the id of the transaction that wrote it; the feed only serves events
-- whose transaction is older than the reading snapshot's xmin (every such transaction has
-- ended), ordered by (xact_id, seq). A later event always sorts after anything served.
CREATE SEQUENCE "events_seq_seq";

ALTER TABLE "events"
  ADD COLUMN "xact_id" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,
  ADD COLUMN "seq" BIGINT NOT NULL DEFAULT nextval('events_seq_seq'::regclass);

ALTER SEQUENCE "events_seq_seq" OWNED BY "events"."seq";

CREATE INDEX "events_organization_id_xact_id_seq_idx" ON "events"("organization_id", "xact_id", "seq");
