-- A replay answers the first response as it was sent: json keeps its text (member order
-- included), where jsonb stored the members in its own order ({"id","status","ends_at",…}, an
-- error as {"code","status","message"}).
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" TYPE JSON USING "response_body"::json;
