-- OAuth 2.1 for hosted MCP: the service is its own authorization server. Apps (clients) are
-- nobody's data: one registered by an app (RFC 7591) or read from its client ID metadata
-- document. Everything an app is given belongs to one organization: the grant a person
-- allowed, its one-time codes and its tokens, which die with the grant (ON DELETE CASCADE).
-- Codes and tokens are kept as SHA-256 hex digests only.
CREATE TABLE "oauth_clients" (
    "client_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "client_name" TEXT,
    "client_uri" TEXT,
    "redirect_uris" TEXT[],
    "information" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "fetched_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("client_id"),
    CONSTRAINT "oauth_clients_kind_check" CHECK ("kind" IN ('registered', 'metadata_document'))
);

-- A registered client no grant ever used is deleted once expires_at passes (cleared by its first grant).
CREATE INDEX "oauth_clients_expires_at_idx" ON "oauth_clients"("expires_at");

CREATE TABLE "oauth_grants" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "organization_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "scopes" TEXT[],
    "resource" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_grants_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "oauth_grants_organization_id_id_key" ON "oauth_grants"("organization_id", "id");
CREATE INDEX "oauth_grants_organization_id_created_at_idx" ON "oauth_grants"("organization_id", "created_at");
CREATE INDEX "oauth_grants_client_id_idx" ON "oauth_grants"("client_id");
CREATE INDEX "oauth_grants_account_id_idx" ON "oauth_grants"("account_id");

ALTER TABLE "oauth_grants"
    ADD CONSTRAINT "oauth_grants_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    ADD CONSTRAINT "oauth_grants_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("client_id") ON DELETE CASCADE ON UPDATE CASCADE,
    -- Removing a person revokes every app they allowed.
    ADD CONSTRAINT "oauth_grants_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "oauth_codes" (
    "code_hash" CHAR(64) NOT NULL,
    "organization_id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_codes_pkey" PRIMARY KEY ("code_hash")
);

CREATE INDEX "oauth_codes_organization_id_grant_id_idx" ON "oauth_codes"("organization_id", "grant_id");
CREATE INDEX "oauth_codes_expires_at_idx" ON "oauth_codes"("expires_at");

ALTER TABLE "oauth_codes"
    ADD CONSTRAINT "oauth_codes_organization_id_grant_id_fkey" FOREIGN KEY ("organization_id", "grant_id") REFERENCES "oauth_grants"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "oauth_tokens" (
    "token_hash" CHAR(64) NOT NULL,
    "organization_id" UUID NOT NULL,
    "grant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_tokens_pkey" PRIMARY KEY ("token_hash"),
    CONSTRAINT "oauth_tokens_kind_check" CHECK ("kind" IN ('access', 'refresh'))
);

CREATE INDEX "oauth_tokens_organization_id_grant_id_idx" ON "oauth_tokens"("organization_id", "grant_id");

ALTER TABLE "oauth_tokens"
    ADD CONSTRAINT "oauth_tokens_organization_id_grant_id_fkey" FOREIGN KEY ("organization_id", "grant_id") REFERENCES "oauth_grants"("organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Dynamic client registrations per caller address (its SHA-256): a token bucket shared by
-- every process (a burst, refilled at a steady rate), so a flood is held to the rate while an
-- agent app that registers now and then never notices.
CREATE TABLE "oauth_registration_throttle" (
    "address_hash" CHAR(64) NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "refilled_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "oauth_registration_throttle_pkey" PRIMARY KEY ("address_hash")
);
