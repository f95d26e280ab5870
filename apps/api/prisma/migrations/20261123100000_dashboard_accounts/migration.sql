-- The dashboard's people: accounts, their sessions, invite links and the sign-in throttle.
-- Kept by hand in Prisma's layout; src/db/schema-agreement.test.ts proves it matches
-- prisma/schema.prisma. Secrets (passwords, session and invite tokens) are stored only as
-- hashes.

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id"),
    -- Emails are compared lower-cased; the constraint keeps a mixed-case row out.
    CONSTRAINT "accounts_email_lower_check" CHECK ("email" = lower("email"))
);

CREATE TABLE "dashboard_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "dashboard_sessions_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "dashboard_invites" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "dashboard_invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "dashboard_invites_email_lower_check" CHECK ("email" = lower("email"))
);

CREATE TABLE "sign_in_throttle" (
    "email_hash" CHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("email_hash"),
    CONSTRAINT "sign_in_throttle_attempts_check" CHECK ("attempts" >= 0)
);

-- CreateIndex
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts"("email");
CREATE INDEX "accounts_organization_id_idx" ON "accounts"("organization_id");
CREATE UNIQUE INDEX "dashboard_sessions_token_hash_key" ON "dashboard_sessions"("token_hash");
CREATE INDEX "dashboard_sessions_account_id_idx" ON "dashboard_sessions"("account_id");
CREATE INDEX "dashboard_sessions_expires_at_idx" ON "dashboard_sessions"("expires_at");
CREATE UNIQUE INDEX "dashboard_invites_token_hash_key" ON "dashboard_invites"("token_hash");
CREATE UNIQUE INDEX "dashboard_invites_organization_id_email_key" ON "dashboard_invites"("organization_id", "email");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dashboard_sessions" ADD CONSTRAINT "dashboard_sessions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dashboard_sessions" ADD CONSTRAINT "dashboard_sessions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "dashboard_invites" ADD CONSTRAINT "dashboard_invites_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
