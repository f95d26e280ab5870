import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-store.js';
import { LOCAL_TABLES, REFERENCE_TABLES } from './reference-tables.js';

// The schema can be distributed by organization on Citus (docs/scaling.md) only while every
// table of an organization's data carries organization_id, and every key the database checks
// on it (primary key, unique index or constraint, exclusion constraint, foreign key) includes
// it, a foreign key to another tenant table matching organization_id to organization_id. Read
// from the catalog of the migrated database, on both stores.

interface Key {
  table_name: string;
  name: string;
  /** p, u, x, f (pg_constraint) or i (a unique index no constraint owns, e.g. a partial one). */
  kind: string;
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
}

let database: TestDatabase;
const sql = <T>(text: string) => database.store.withSession((s) => s.query<T>(text));
const script = (text: string) => database.store.withSession((s) => s.exec(text));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

async function tables(): Promise<Map<string, string[]>> {
  const rows = await sql<{ table_name: string; columns: string[] }>(`
    SELECT c.relname::text AS table_name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c
      JOIN pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
     GROUP BY c.relname`);
  return new Map(rows.map((r) => [r.table_name, r.columns]));
}

async function keys(): Promise<Key[]> {
  return sql<Key>(`
    SELECT src.relname::text AS table_name, con.conname::text AS name, con.contype::text AS kind,
           ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.n) AS columns,
           dst.relname::text AS ref_table,
           CASE WHEN con.contype = 'f' THEN
             ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, n)
                     JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.n) END AS ref_columns
      FROM pg_constraint con
      JOIN pg_class src ON src.oid = con.conrelid
      JOIN pg_namespace ns ON ns.oid = src.relnamespace
      LEFT JOIN pg_class dst ON dst.oid = con.confrelid AND con.contype = 'f'
     WHERE ns.nspname = 'public' AND con.contype IN ('p', 'u', 'x', 'f')
    UNION ALL
    SELECT t.relname::text, i.relname::text, 'i',
           ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n),
           NULL, NULL
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace ns ON ns.oid = t.relnamespace
     WHERE ns.nspname = 'public' AND ix.indisunique
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.conrelid = t.oid)`);
}

const reference = new Set<string>(REFERENCE_TABLES);
const local = new Set<string>(LOCAL_TABLES);

/** Every way the catalog breaks the rule, one line each (empty: the schema can be distributed). */
async function violations(): Promise<string[]> {
  const [all, found] = [await tables(), await keys()];
  const out: string[] = [];
  for (const name of [...REFERENCE_TABLES, ...LOCAL_TABLES]) if (!all.has(name)) out.push(`${name}: listed, but no such table`);
  const tenant = (table: string) => !reference.has(table) && !local.has(table);
  for (const [table, columns] of all) {
    if (tenant(table) && !columns.includes('organization_id')) out.push(`${table}: no organization_id column`);
  }
  for (const key of found) {
    const where = `${key.table_name}.${key.name}`;
    if (reference.has(key.table_name)) {
      if (key.kind === 'f' && tenant(key.ref_table!)) out.push(`${where}: a reference table references tenant table ${key.ref_table}`);
      continue;
    }
    if (!tenant(key.table_name)) continue;
    const at = key.columns.indexOf('organization_id');
    if (at < 0) out.push(`${where}: no organization_id`);
    else if (key.kind === 'f' && tenant(key.ref_table!) && key.ref_columns![at] !== 'organization_id')
      out.push(`${where}: organization_id references ${key.ref_table}.${key.ref_columns![at]}`);
  }
  return out.sort();
}

describe('every tenant table is keyed by organization (ready for Citus)', () => {
  it('has no table, key or foreign key that breaks the rule, and lists only real tables', async () => {
    expect(await violations()).toEqual([]);
  });

  it('knows most of the schema as tenant tables, and every listed table is there', async () => {
    const all = await tables();
    const tenantTables = [...all.keys()].filter((t) => !reference.has(t) && !local.has(t));
    expect(tenantTables).toEqual(expect.arrayContaining(['humans', 'bookings', 'overrides', 'deliveries', 'delivery_attempts']));
    for (const t of REFERENCE_TABLES) expect(all.has(t), t).toBe(true);
  });

  it('finds each kind of break: a missing column, a key, a unique index and foreign keys without the organization', async () => {
    await script(`
      CREATE TABLE probe_parent (organization_id uuid NOT NULL, id uuid NOT NULL, PRIMARY KEY (organization_id, id));
      CREATE TABLE probe_child (
        id uuid PRIMARY KEY, organization_id uuid NOT NULL, parent_id uuid, booking_id uuid, code text,
        UNIQUE (code),
        EXCLUDE USING gist (parent_id WITH =),
        FOREIGN KEY (organization_id, parent_id) REFERENCES probe_parent (id, organization_id));
      CREATE UNIQUE INDEX probe_child_live ON probe_child (booking_id) WHERE code IS NOT NULL;
      CREATE TABLE probe_bare (id uuid PRIMARY KEY);
      ALTER TABLE api_keys ADD COLUMN probe_human uuid, ADD COLUMN probe_org uuid,
        ADD CONSTRAINT probe_ref FOREIGN KEY (probe_org, probe_human) REFERENCES humans (organization_id, id)`);
    try {
      expect(await violations()).toEqual([
        'api_keys.probe_ref: a reference table references tenant table humans',
        'probe_bare.probe_bare_pkey: no organization_id',
        'probe_bare: no organization_id column',
        'probe_child.probe_child_code_key: no organization_id',
        'probe_child.probe_child_live: no organization_id',
        'probe_child.probe_child_organization_id_parent_id_fkey: organization_id references probe_parent.id',
        'probe_child.probe_child_parent_id_excl: no organization_id',
        'probe_child.probe_child_pkey: no organization_id',
      ]);
    } finally {
      await script(`
        ALTER TABLE api_keys DROP CONSTRAINT probe_ref, DROP COLUMN probe_human, DROP COLUMN probe_org;
        DROP TABLE probe_child, probe_parent, probe_bare`);
    }
    expect(await violations()).toEqual([]);
  });
});
