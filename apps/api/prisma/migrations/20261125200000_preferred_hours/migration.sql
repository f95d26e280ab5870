-- A human's preferred hours: local windows [{weekdays, start, end}] that rank suggestions and
-- nothing else (slots and bookings ignore them). NULL = no preference. The API validates the
-- shape; the CHECK keeps the column an array whatever writes it.
ALTER TABLE "humans" ADD COLUMN "preferred_hours" JSONB;
ALTER TABLE "humans" ADD CONSTRAINT "humans_preferred_hours_check"
    CHECK ("preferred_hours" IS NULL OR jsonb_typeof("preferred_hours") = 'array');
