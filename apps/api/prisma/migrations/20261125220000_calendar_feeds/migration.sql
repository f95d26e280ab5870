-- A human's bookings as a subscription feed: GET /feeds/<token>.ics, read by calendar apps
-- without an API key. Kept by hand in Prisma's layout; src/db/schema-agreement.test.ts proves
-- it matches prisma/schema.prisma.
--
-- One feed per human (the primary key): creating it again replaces the token in place, so the
-- old URL stops working in the same statement. Only the token's SHA-256 is kept; the feed is
-- found by it (unique), and a leaked table gives no working URL.
CREATE TABLE "calendar_feeds" (
    "organization_id" UUID NOT NULL,
    "human_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "calendar_feeds_pkey" PRIMARY KEY ("organization_id","human_id")
);

CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds"("token_hash");

ALTER TABLE "calendar_feeds"
    ADD CONSTRAINT "calendar_feeds_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "calendar_feeds_human_id_fkey" FOREIGN KEY ("human_id") REFERENCES "humans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
