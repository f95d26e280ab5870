import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { databaseBefore } from './migration-fixture.js';

// The memberships migration over a database made before it: every account becomes the owner
// of its organization, its sessions, grants and invites carry on. On both stores.

const MEMBERSHIPS = '20261126010000_memberships';

const database = databaseBefore(MEMBERSHIPS);
const sql = database.sql;

it('makes every existing account the owner of its organization, and keeps its sessions, grants and invites', async () => {
  const org = randomUUID();
  const other = randomUUID();
  const [ann, ben] = [randomUUID(), randomUUID()];
  const joined = new Date('2026-11-01T10:00:00.000Z');
  const signedIn = new Date('2026-11-20T08:30:00.000Z');
  await sql(`INSERT INTO organizations (id, name) VALUES ($1::uuid, 'Old Co'), ($2::uuid, 'Other Co')`, [org, other]);
  await sql(
    `INSERT INTO accounts (id, organization_id, email, password_hash, created_at)
     VALUES ($1::uuid, $3::uuid, 'ann@old.example', 'scrypt$x', $5), ($2::uuid, $4::uuid, 'ben@other.example', 'scrypt$x', $5)`,
    [ann, ben, org, other, joined],
  );
  await sql(
    `INSERT INTO dashboard_sessions (organization_id, account_id, token_hash, created_at, last_used_at, expires_at)
     VALUES ($1::uuid, $2::uuid, repeat('a', 64), $3, $3, $3::timestamptz + interval '7 days')`,
    [org, ann, signedIn],
  );
  await sql(`INSERT INTO oauth_clients (client_id, kind, information) VALUES ('app-1', 'registered', '{}')`);
  await sql(
    `INSERT INTO oauth_grants (organization_id, client_id, account_id, redirect_uri, scopes, resource)
     VALUES ($1::uuid, 'app-1', $2::uuid, 'http://127.0.0.1:1/cb', '{humantime.read}', 'http://x/mcp')`,
    [org, ann],
  );
  await sql(
    `INSERT INTO dashboard_invites (organization_id, email, token_hash, created_at, expires_at)
     VALUES ($1::uuid, 'cy@old.example', repeat('b', 64), $2, $2::timestamptz + interval '1 day')`,
    [org, joined],
  );

  await database.migrateRest();

  const memberships = await sql<{ organization_id: string; account_id: string; role: string; created_at: Date }>(
    `SELECT organization_id::text AS organization_id, account_id::text AS account_id, role::text AS role, created_at
       FROM memberships ORDER BY created_at, account_id`,
  );
  expect(memberships.map(({ created_at: _, ...m }) => m).sort((x, y) => x.account_id.localeCompare(y.account_id))).toEqual(
    [
      { organization_id: org, account_id: ann, role: 'owner' },
      { organization_id: other, account_id: ben, role: 'owner' },
    ].sort((x, y) => x.account_id.localeCompare(y.account_id)),
  );
  expect(new Date(memberships[0]!.created_at).toISOString()).toBe(joined.toISOString());
  const columns = await sql<{ column_name: string }>(
    `SELECT column_name::text AS column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'accounts'`,
  );
  expect(columns.map((c) => c.column_name)).not.toContain('organization_id');
  const [annRow] = await sql<{ last_signed_in_at: Date | null }>('SELECT last_signed_in_at FROM accounts WHERE id = $1::uuid', [ann]);
  expect(new Date(annRow!.last_signed_in_at!).toISOString()).toBe(signedIn.toISOString());
  expect(await sql('SELECT 1 FROM dashboard_sessions WHERE account_id = $1::uuid', [ann])).toHaveLength(1);
  expect(await sql('SELECT 1 FROM oauth_grants WHERE account_id = $1::uuid', [ann])).toHaveLength(1);
  expect(await sql<{ role: string }>('SELECT role::text AS role FROM dashboard_invites')).toEqual([{ role: 'owner' }]);

  // From now on a session or a grant exists only for a membership: removing it takes them along.
  await sql('DELETE FROM memberships WHERE organization_id = $1::uuid AND account_id = $2::uuid', [org, ann]);
  expect(await sql('SELECT 1 FROM dashboard_sessions WHERE account_id = $1::uuid', [ann])).toEqual([]);
  expect(await sql('SELECT 1 FROM oauth_grants WHERE account_id = $1::uuid', [ann])).toEqual([]);
  await expect(
    sql(
      `INSERT INTO dashboard_sessions (organization_id, account_id, token_hash, created_at, last_used_at, expires_at)
       VALUES ($1::uuid, $2::uuid, repeat('c', 64), now(), now(), now())`,
      [other, ann],
    ),
  ).rejects.toThrow(/foreign key/);
});
