-- A delivery carries its event's type and booking: both are fixed when the event is written,
-- and the delivery log showed them by reading each delivery's event by its primary key, about
-- 200 of the 400 buffers a page of 50 read on a database with a year of events. The event
-- itself (its body) is still read only to send it.
ALTER TABLE "deliveries" ADD COLUMN "event_type" TEXT, ADD COLUMN "booking_id" UUID;
UPDATE "deliveries" d SET "event_type" = e."type", "booking_id" = e."booking_id"
  FROM "events" e
 WHERE e."organization_id" = d."organization_id" AND e."id" = d."event_id";
ALTER TABLE "deliveries" ALTER COLUMN "event_type" SET NOT NULL, ALTER COLUMN "booking_id" SET NOT NULL;
