-- The month's quota counter's 8 rows were called "usage stripes"; they are quota shards now, so
-- that "stripe" is left to mean nothing but the payment provider. Only names change: the rows,
-- their values and every constraint's definition stay as they are. Renaming a primary key
-- constraint renames its index too.
ALTER TABLE "usage_stripes" RENAME TO "quota_shards";

ALTER TABLE "quota_shards" RENAME COLUMN "stripe" TO "shard";

ALTER TABLE "quota_shards" RENAME CONSTRAINT "usage_stripes_pkey" TO "quota_shards_pkey";
ALTER TABLE "quota_shards" RENAME CONSTRAINT "usage_stripes_used_within_allowance_check" TO "quota_shards_used_within_allowance_check";
ALTER TABLE "quota_shards" RENAME CONSTRAINT "usage_stripes_stripe_check" TO "quota_shards_shard_check";
ALTER TABLE "quota_shards" RENAME CONSTRAINT "usage_stripes_organization_id_fkey" TO "quota_shards_organization_id_fkey";
