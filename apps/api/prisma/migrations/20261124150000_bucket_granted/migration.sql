-- How many requests the bucket's last charge let through. The statement that answers several
-- requests at once (db/tables/api-key-batch.ts) charges a key's bucket once for all of that
-- key's requests, and RETURNING sees only the row as updated: the tokens left plus the tokens
-- granted give the level before the charge, from which each request's own verdict follows.
ALTER TABLE "rate_limit_buckets" ADD COLUMN "granted" INTEGER NOT NULL DEFAULT 0;
