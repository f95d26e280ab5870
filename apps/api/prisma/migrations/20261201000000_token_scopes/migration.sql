-- An access token may carry fewer scopes than its grant: a refresh that names a narrower scope
-- gets an access token with just that (RFC 6749 §6). NULL (every token issued before, every
-- refresh token, every access token from a code or a refresh naming none): the grant's scopes.
ALTER TABLE "oauth_tokens" ADD COLUMN "scopes" TEXT[];
