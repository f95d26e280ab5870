-- A booking's metadata is kept as the text it was stored with (json), not re-ordered (jsonb):
-- jsonb orders an object's keys by length, so the booking.cancelled event and GET
-- /v1/bookings/{id} gave {"a":2,"zz":1} for the {"zz":1,"a":2} that the booking's answer and
-- its booking.confirmed event carried. The text stored is the service's JSON.stringify of the
-- parsed body, so keys keep the order the client sent. Rows stored before keep jsonb's order.
-- Nothing queries inside metadata, so no operator or index is lost.
ALTER TABLE "bookings" ALTER COLUMN "metadata" DROP DEFAULT;
ALTER TABLE "bookings" ALTER COLUMN "metadata" TYPE json USING "metadata"::json;
ALTER TABLE "bookings" ALTER COLUMN "metadata" SET DEFAULT '{}'::json;
