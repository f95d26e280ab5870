// The tables that are NOT distributed by organization on Citus (docs/scaling.md): each is copied
// whole to every node (create_reference_table). They are the tenant itself and the lookups a
// request starts from before it knows its organization, found by a secret's SHA-256 or by an
// email or address, and what those lookups join. Every other table is an organization's data:
// organization_id in every primary key, unique, exclusion and foreign-key constraint
// (src/db/tenant-keys.test.ts reads the catalog and holds both lists to that).
//
// A reference table may reference only reference tables (Citus refuses a foreign key from a
// reference table to a distributed one); tenant tables may reference these freely.

/** Reference tables, in the order docs/scaling.md creates them (referenced before referencing). */
export const REFERENCE_TABLES = [
  'organizations',
  'accounts',
  'memberships',
  'api_keys',
  'rate_limit_buckets',
  'dashboard_sessions',
  'dashboard_invites',
  'calendar_feeds',
  'oauth_clients',
  'oauth_grants',
  'oauth_codes',
  'oauth_tokens',
  'sign_in_throttle',
  'oauth_registration_throttle',
  // One row per retention sweep (jobs/retention): which worker runs it and when it is due.
  'retention_sweeps',
] as const;

/** The migration runner's own table: it stays a local table on the Citus coordinator. */
export const LOCAL_TABLES = ['_prisma_migrations'] as const;
