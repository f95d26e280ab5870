import { readFile } from 'node:fs/promises';
import path from 'node:path';
import wasm from '@prisma/prisma-schema-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-store.js';
import { MIGRATIONS_DIR } from './migrate.js';

// prisma/schema.prisma is what the client is generated from; the hand-kept SQL migrations are
// what the database really is. This proves they describe the same tables, on both stores.
// An index's key columns are compared; columns it only carries (INCLUDE) live in the SQL alone.

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object';
  type: string;
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: Array<{ name: string; sortOrder?: 'asc' | 'desc' }>;
}
interface Dmmf {
  datamodel: {
    models: DmmfModel[];
    enums: Array<{ name: string; dbName: string | null; values: Array<{ name: string; dbName: string | null }> }>;
    indexes: DmmfIndex[];
  };
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  character_maximum_length: number | null;
  datetime_precision: number | null;
}
interface Index {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  is_primary: boolean;
  is_partial: boolean;
  /** Keyed on an expression, which the schema cannot declare. */
  is_expression: boolean;
  is_exclusion: boolean;
  is_gist: boolean;
  columns: string;
}
interface ForeignKey {
  name: string;
  table_name: string;
  columns: string;
  ref_table: string;
  ref_columns: string;
  on_delete: string;
  on_update: string;
}

let database: TestDatabase;
let dmmf: Dmmf;
let columns: Column[];
let indexes: Index[];
let foreignKeys: ForeignKey[];
let enums: Array<{ name: string; labels: string }>;

const sql = <T>(text: string) => database.store.withSession((s) => s.query<T>(text));

beforeAll(async () => {
  const prismaSchema = await readFile(path.resolve(MIGRATIONS_DIR, '..', 'schema.prisma'), 'utf8');
  dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema })));
  database = await createTestDatabase();
  columns = await sql<Column>(`
    SELECT table_name::text, column_name::text, data_type::text, udt_name::text, is_nullable::text, column_default::text,
           character_maximum_length::int, datetime_precision::int
      FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`);
  indexes = await sql<Index>(`
    SELECT t.relname::text AS table_name, i.relname::text AS index_name, ix.indisunique AS is_unique,
           ix.indisprimary AS is_primary, ix.indpred IS NOT NULL AS is_partial,
           ix.indexprs IS NOT NULL AS is_expression,
           EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid AND c.contype = 'x') AS is_exclusion,
           EXISTS (SELECT 1 FROM pg_am am WHERE am.oid = i.relam AND am.amname = 'gist') AS is_gist,
           (SELECT string_agg(a.attname || CASE WHEN (ix.indoption[k.n - 1] & 1) = 1 THEN ' DESC' ELSE '' END, ',' ORDER BY k.n)
              FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
             WHERE k.n <= ix.indnkeyatts) AS columns
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace ns ON ns.oid = t.relnamespace
     WHERE ns.nspname = 'public' AND t.relname <> '_prisma_migrations'`);
  foreignKeys = await sql<ForeignKey>(`
    SELECT con.conname::text AS name, src.relname::text AS table_name, dst.relname::text AS ref_table,
           con.confdeltype::text AS on_delete, con.confupdtype::text AS on_update,
           (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS columns,
           (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(con.confkey) WITH ORDINALITY k(attnum, n)
              JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS ref_columns
      FROM pg_constraint con
      JOIN pg_class src ON src.oid = con.conrelid
      JOIN pg_class dst ON dst.oid = con.confrelid
      JOIN pg_namespace ns ON ns.oid = src.relnamespace
     WHERE con.contype = 'f' AND ns.nspname = 'public'`);
  enums = await sql(`
    SELECT t.typname::text AS name, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace ns ON ns.oid = t.typnamespace
     WHERE ns.nspname = 'public' GROUP BY t.typname`);
});
afterAll(() => database?.drop());

const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
const columnOf = (field: DmmfField) => field.dbName ?? field.name;
const modelNamed = (name: string) => dmmf.datamodel.models.find((m) => m.name === name)!;
const scalars = (model: DmmfModel) => model.fields.filter((f) => f.kind !== 'object');
const enumDbName = (name: string) => {
  const e = dmmf.datamodel.enums.find((x) => x.name === name)!;
  return e.dbName ?? e.name;
};

/** The PostgreSQL type Prisma creates for a field: [udt_name, char length, timestamp precision]. */
function expectedType(field: DmmfField): { udt: string; length: number | null; precision: number | null } {
  const [native, args = []] = field.nativeType ?? [];
  const n = args[0] === undefined ? null : Number(args[0]);
  if (field.kind === 'enum') return { udt: enumDbName(field.type), length: null, precision: null };
  switch (field.type) {
    case 'String':
      if (native === 'Char') return { udt: 'bpchar', length: n, precision: null };
      if (native === 'VarChar') return { udt: 'varchar', length: n, precision: null };
      if (native === 'Uuid') return { udt: 'uuid', length: null, precision: null };
      expect(native, `${field.name}: unhandled native type`).toBeUndefined();
      return { udt: 'text', length: null, precision: null };
    case 'Int':
      return { udt: native === 'SmallInt' ? 'int2' : 'int4', length: null, precision: null };
    case 'BigInt':
      return { udt: 'int8', length: null, precision: null };
    case 'Float':
      return { udt: 'float8', length: null, precision: null };
    case 'Boolean':
      return { udt: 'bool', length: null, precision: null };
    case 'Json':
      return { udt: native === 'Json' ? 'json' : 'jsonb', length: null, precision: null };
    case 'DateTime':
      if (native === 'Date') return { udt: 'date', length: null, precision: 0 };
      if (native === 'Timestamptz') return { udt: 'timestamptz', length: null, precision: n ?? 6 };
      return { udt: 'timestamp', length: null, precision: n ?? 3 };
    default:
      throw new Error(`schema-agreement: no mapping for ${field.type} (${field.name})`);
  }
}

/** Prisma's default constraint and index names, so `prisma migrate diff` finds nothing to rename. */
const prismaName = (table: string, cols: string[], suffix: string) => `${table}_${cols.join('_')}_${suffix}`.slice(0, 63);

describe('prisma/schema.prisma and the migrations agree', () => {
  it('have the same tables: one per model, nothing else', () => {
    const tables = [...new Set(columns.map((c) => c.table_name))].sort();
    expect(tables).toEqual(dmmf.datamodel.models.map(tableOf).sort());
  });

  it('have the same enums with the same values in the same order', () => {
    const expected = dmmf.datamodel.enums.map((e) => ({
      name: e.dbName ?? e.name,
      labels: e.values.map((v) => v.dbName ?? v.name).join(','),
    }));
    expect([...enums].sort((x, y) => x.name.localeCompare(y.name))).toEqual(expected.sort((x, y) => x.name.localeCompare(y.name)));
  });

  it('have the same columns, and no column the schema does not know', () => {
    for (const model of dmmf.datamodel.models) {
      const inDb = columns
        .filter((c) => c.table_name === tableOf(model))
        .map((c) => c.column_name)
        .sort();
      expect(inDb, model.name).toEqual(scalars(model).map(columnOf).sort());
    }
  });

  it('give every column the type, length and precision of its field', () => {
    for (const model of dmmf.datamodel.models) {
      for (const field of scalars(model)) {
        const column = columns.find((c) => c.table_name === tableOf(model) && c.column_name === columnOf(field))!;
        const where = `${model.name}.${field.name}`;
        const { udt, length, precision } = expectedType(field);
        if (field.isList) {
          expect(column.data_type, where).toBe('ARRAY');
          expect(column.udt_name, where).toBe(`_${udt}`);
          continue;
        }
        expect(column.data_type === 'USER-DEFINED', `${where} is an enum`).toBe(field.kind === 'enum');
        expect(column.udt_name, where).toBe(udt);
        expect(column.character_maximum_length, `${where} length`).toBe(length);
        if (field.type === 'DateTime') expect(column.datetime_precision, `${where} precision`).toBe(precision);
      }
    }
  });

  it('agree on nullability (lists are nullable, as Prisma creates them)', () => {
    for (const model of dmmf.datamodel.models) {
      for (const field of scalars(model)) {
        const column = columns.find((c) => c.table_name === tableOf(model) && c.column_name === columnOf(field))!;
        const nullable = field.isList || !field.isRequired;
        expect(column.is_nullable, `${model.name}.${field.name}`).toBe(nullable ? 'YES' : 'NO');
      }
    }
  });

  it('agree on defaults: present exactly where declared, and the same value', () => {
    for (const model of dmmf.datamodel.models) {
      for (const field of scalars(model)) {
        const column = columns.find((c) => c.table_name === tableOf(model) && c.column_name === columnOf(field))!;
        const where = `${model.name}.${field.name}`;
        expect(column.column_default !== null, `${where} has a default`).toBe(field.hasDefaultValue);
        if (!field.hasDefaultValue) continue;
        const declared = field.default as { name?: string; args?: string[] } | string | number | boolean;
        const actual = column.column_default!;
        if (typeof declared === 'object' && declared.name === 'now') expect(actual, where).toMatch(/^(CURRENT_TIMESTAMP|now\(\))$/i);
        else if (typeof declared === 'object' && declared.name === 'dbgenerated') expect(actual, where).toBe(declared.args![0]);
        // A BigInt literal comes from the DMMF as a string; PostgreSQL shows it bare.
        else if (field.type === 'BigInt' && typeof declared === 'string') expect(actual, where).toBe(declared);
        else if (typeof declared === 'string') expect(actual, where).toMatch(new RegExp(`^'${declared.replace(/[{}]/g, '\\$&')}'::`));
        else expect(actual, where).toBe(String(declared as string | number | boolean));
      }
    }
  });

  it('have a matching index for every @id, @unique, @@unique and @@index, named as Prisma names it', () => {
    for (const declared of dmmf.datamodel.indexes) {
      const model = modelNamed(declared.model);
      const table = tableOf(model);
      const cols = declared.fields.map((f) => columnOf(model.fields.find((x) => x.name === f.name)!));
      const wanted = declared.fields.map((f, i) => cols[i] + (f.sortOrder === 'desc' ? ' DESC' : '')).join(',');
      const found = indexes.find((ix) => ix.table_name === table && ix.columns === wanted && !ix.is_partial);
      const where = `${declared.model} ${declared.type}(${wanted})`;
      expect(found, where).toBeDefined();
      expect(found!.is_primary, where).toBe(declared.type === 'id');
      expect(found!.is_unique, where).toBe(declared.type !== 'normal');
      const suffix = { id: 'pkey', unique: 'key', normal: 'idx', fulltext: 'idx' }[declared.type];
      expect(found!.index_name, where).toBe(declared.type === 'id' ? `${table}_pkey` : prismaName(table, cols, suffix));
    }
  });

  it('have no unique or plain index the schema does not declare (partial, expression, exclusion and GiST indexes aside)', () => {
    const declared = dmmf.datamodel.indexes.map((ix) => {
      const model = modelNamed(ix.model);
      return `${tableOf(model)}(${ix.fields.map((f) => columnOf(model.fields.find((x) => x.name === f.name)!) + (f.sortOrder === 'desc' ? ' DESC' : '')).join(',')})`;
    });
    // What the schema cannot express lives only in SQL: the booking exclusion constraint,
    // partial and expression indexes, and GiST indexes over ranges. Anything else must be declared, or Prisma would drop it.
    const undeclared = indexes
      .filter((ix) => !ix.is_partial && !ix.is_expression && !ix.is_exclusion && !ix.is_gist)
      .map((ix) => `${ix.table_name}(${ix.columns})`)
      .filter((x) => !declared.includes(x));
    expect(undeclared).toEqual([]);
    expect(indexes.some((ix) => ix.is_exclusion && ix.table_name === 'bookings')).toBe(true);
  });

  it('have a foreign key for every relation, with its referential actions, and no other', () => {
    const action: Record<string, string> = { Cascade: 'c', Restrict: 'r', NoAction: 'a', SetNull: 'n', SetDefault: 'd' };
    const expected = dmmf.datamodel.models.flatMap((model) =>
      model.fields
        .filter((f) => f.kind === 'object' && f.relationFromFields?.length)
        .map((f) => {
          const target = modelNamed(f.type);
          const cols = f.relationFromFields!.map((n) => columnOf(model.fields.find((x) => x.name === n)!));
          return {
            name: prismaName(tableOf(model), cols, 'fkey'),
            table_name: tableOf(model),
            columns: cols.join(','),
            ref_table: tableOf(target),
            ref_columns: f.relationToFields!.map((n) => columnOf(target.fields.find((x) => x.name === n)!)).join(','),
            on_delete: action[f.relationOnDelete ?? (f.isRequired ? 'Restrict' : 'SetNull')],
            on_update: action[f.relationOnUpdate ?? 'Cascade'],
          };
        }),
    );
    const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);
    expect(expected.length).toBeGreaterThan(0);
    expect([...foreignKeys].sort(byName)).toEqual(expected.sort(byName));
  });
});
