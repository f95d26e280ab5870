-- Teams: a person (one account, one email) may belong to several organizations, each with a
-- role. Kept by hand in Prisma's layout; src/db/schema-agreement.test.ts proves it matches
-- prisma/schema.prisma. See docs/decisions/0047-team-memberships-and-roles.md.

CREATE TYPE "MembershipRole" AS ENUM ('owner', 'member');

CREATE TABLE "memberships" (
    "organization_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role" "MembershipRole" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("organization_id", "account_id")
);

CREATE INDEX "memberships_account_id_idx" ON "memberships"("account_id");

ALTER TABLE "memberships"
    ADD CONSTRAINT "memberships_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every account made before roles belonged to one organization and could do everything
-- there: it becomes that organization's owner, joined when the account was made.
INSERT INTO "memberships" ("organization_id", "account_id", "role", "created_at")
SELECT "organization_id", "id", 'owner', "created_at" FROM "accounts";

-- The account's organization is now its memberships: authorization reads nothing else.
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_organization_id_fkey";
DROP INDEX "accounts_organization_id_idx";
ALTER TABLE "accounts" DROP COLUMN "organization_id";

-- For the Team page: when the person last signed in (sign-in, sign-up or an accepted invite).
ALTER TABLE "accounts" ADD COLUMN "last_signed_in_at" TIMESTAMPTZ(3);
UPDATE "accounts" a SET "last_signed_in_at" = s.last FROM (
    SELECT "account_id", max("created_at") AS last FROM "dashboard_sessions" GROUP BY "account_id"
) s WHERE s."account_id" = a."id";

-- A session, and a grant an app holds, exist for one membership: removing the person from the
-- organization deletes them in the same statement (sessions end at once, the apps they allowed
-- lose access), and a session can only be switched to an organization the account is in.
-- Rows that match no membership could not have been made before this migration; dropping
-- them (rather than failing) keeps the migration safe to run anywhere.
DELETE FROM "dashboard_sessions" s WHERE NOT EXISTS (
    SELECT 1 FROM "memberships" m WHERE m."organization_id" = s."organization_id" AND m."account_id" = s."account_id");
DELETE FROM "oauth_grants" g WHERE NOT EXISTS (
    SELECT 1 FROM "memberships" m WHERE m."organization_id" = g."organization_id" AND m."account_id" = g."account_id");

ALTER TABLE "dashboard_sessions"
    ADD CONSTRAINT "dashboard_sessions_organization_id_account_id_fkey" FOREIGN KEY ("organization_id", "account_id") REFERENCES "memberships"("organization_id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "oauth_grants"
    ADD CONSTRAINT "oauth_grants_organization_id_account_id_fkey" FOREIGN KEY ("organization_id", "account_id") REFERENCES "memberships"("organization_id", "account_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An invite says which role the person gets. Invites made before roles came from an operator
-- and made full accounts: they stay owner invites.
ALTER TABLE "dashboard_invites" ADD COLUMN "role" "MembershipRole" NOT NULL DEFAULT 'owner';
ALTER TABLE "dashboard_invites" ALTER COLUMN "role" DROP DEFAULT;
