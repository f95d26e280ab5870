import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedStatements } from './embedded-statements.js';
import { EMBEDDED_SETTINGS, openEmbedded } from './embedded-store.js';

// The embedded store's own settings (its memory: docs/decisions/0050-embedded-store-memory.md),
// on a data directory as `pnpm start` opens it: created (initdb), then opened again.
describe.runIf(process.env.HT_TEST_STORE !== 'postgres')('embedded store settings', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ht-embedded-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const settingsOf = async (dataDir: string | undefined) => {
    const store = await openEmbedded(dataDir, undefined);
    try {
      const rows = await store.sql<{ name: string; value: string }>(
        `SELECT name, current_setting(name) AS value FROM unnest($1::text[]) AS name`,
        [Object.keys(EMBEDDED_SETTINGS)],
      );
      return Object.fromEntries(rows.map((r) => [r.name, r.value]));
    } finally {
      await store.close();
    }
  };

  it('starts PGlite with a 16MB buffer pool, not the 128MB its initdb writes', async () => {
    expect(EMBEDDED_SETTINGS.shared_buffers).toBe('16MB');
    expect(await settingsOf(path.join(dir, 'pglite'))).toEqual(EMBEDDED_SETTINGS);
  }, 120_000);

  it('keeps them when it opens an existing data directory, and in memory (the tests)', async () => {
    expect(await settingsOf(path.join(dir, 'pglite'))).toEqual(EMBEDDED_SETTINGS);
    expect(await settingsOf(undefined)).toEqual(EMBEDDED_SETTINGS);
  }, 120_000);
});

// PGlite's protocol reader is patched (patches/@electric-sql__pglite@0.5.16.patch) to decode a
// text field from a view of the message instead of a copy of it: the values must come back as
// written, whatever their length and characters, next to each other and to NULLs.
describe.runIf(process.env.HT_TEST_STORE !== 'postgres')('embedded store text fields', () => {
  it('reads back every value as written: empty, NULL, multi-byte, and long enough to span reads', async () => {
    const store = await openEmbedded(undefined, undefined);
    try {
      const values = ['', 'a', 'Zoë', '日本語の予定', 'Ada 😀 𝔄', '\uFFFD', 'x'.repeat(70_000) + 'é', `{"note":"${'😀'.repeat(5_000)}"}`];
      const rows = await store.sql<{ n: number; v: string | null; w: string | null }>(
        `SELECT n, v, CASE WHEN n % 2 = 0 THEN NULL ELSE v END AS w FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n`,
        [values],
      );
      expect(rows.map((r) => r.v)).toEqual(values);
      expect(rows.map((r) => r.w)).toEqual(values.map((v, i) => ((i + 1) % 2 === 0 ? null : v)));
    } finally {
      await store.close();
    }
  }, 120_000);
});

// The store's own statements run prepared, each planned once (embedded-statements.ts).
describe.runIf(process.env.HT_TEST_STORE !== 'postgres')('embedded store statements', () => {
  const prepared = async (store: Awaited<ReturnType<typeof openEmbedded>>) =>
    (
      await store.sql<{ statement: string; generic_plans: number; custom_plans: number }>(
        `SELECT regexp_replace(statement, '^PREPARE \\w+ AS ', '') AS statement, generic_plans::int AS generic_plans,
                custom_plans::int AS custom_plans
           FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'`,
      )
    ).sort((a, b) => a.statement.localeCompare(b.statement));

  it('are prepared once and then run on one plan, with every value as it was given', async () => {
    const statements: string[] = [];
    const store = await openEmbedded(undefined, (text) => statements.push(text));
    try {
      // A table named as one the caches read (no migrations here): its writes move a counter.
      await store.sql('CREATE TABLE bookings (id int PRIMARY KEY, note text, flag boolean, at timestamptz)');
      const insert = 'INSERT INTO bookings (id, note, flag, at) VALUES ($1::int, $2::text, $3::boolean, $4::timestamptz) RETURNING id';
      const notes = ["it's", "''", '\\', 'Zoë; DROP TABLE bookings; --', null, '$1', 'a\nb'];
      const before = store.changes!.schedules;
      for (const [i, note] of notes.entries()) await store.sql(insert, [i, note, i % 2 === 0, '2026-11-28T10:00:00.000Z']);
      const rows = await store.sql<{ id: number; note: string | null; flag: boolean; at: Date }>('SELECT * FROM bookings ORDER BY id');
      expect(rows.map((r) => r.note)).toEqual(notes);
      expect(rows.map((r) => r.flag)).toEqual(notes.map((_, i) => i % 2 === 0));
      expect(rows.every((r) => r.at.toISOString() === '2026-11-28T10:00:00.000Z')).toBe(true);
      const [kept] = (await prepared(store)).filter((s) => s.statement.includes('INSERT INTO bookings'));
      expect(kept).toMatchObject({ generic_plans: notes.length, custom_plans: 0 });
      // The statement hook and the write counters see the statement's text, not EXECUTE.
      expect(statements.filter((s) => s === insert)).toHaveLength(notes.length);
      expect(statements.some((s) => /^(EXECUTE|PREPARE)\b/.test(s))).toBe(false);
      expect(store.changes!.schedules).toBe(before + notes.length);
    } finally {
      await store.close();
    }
  });

  it('run as they are when they cannot be prepared, or a value cannot be written as a literal', async () => {
    const store = await openEmbedded(undefined, undefined);
    try {
      // Not a statement PREPARE takes: run as it is, every time.
      for (let i = 0; i < 2; i++) expect(await store.sql('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
      // An array, a NUL: bound as parameters (a NUL is refused by PostgreSQL either way).
      expect(await store.sql<{ n: number }>('SELECT cardinality($1::text[]) AS n', [['a', 'b']])).toEqual([{ n: 2 }]);
      await expect(store.sql('SELECT $1::text AS v', ['a\0b'])).rejects.toThrow();
      expect(await store.sql<{ v: string }>('SELECT $1::text AS v', ['ok'])).toEqual([{ v: 'ok' }]);
      expect((await prepared(store)).map((s) => s.statement)).toEqual(['SELECT $1::text AS v']);
      // In a transaction, a statement not yet prepared runs as it is; prepared ones are executed.
      await store.transaction(async (tx) => {
        expect(await tx.query<{ v: number }>('SELECT $1::int + 1 AS v', [1])).toEqual([{ v: 2 }]);
        expect(await tx.query<{ v: string }>('SELECT $1::text AS v', ['in'])).toEqual([{ v: 'in' }]);
      });
      const kept = await prepared(store);
      expect(kept.map((s) => s.statement)).toEqual(['SELECT $1::text AS v']);
      expect(kept[0]!.generic_plans).toBe(2);
      // A table changed under a prepared statement (a migration): prepared again, same answer.
      await store.sql('CREATE TABLE t (id int)');
      await store.sql('INSERT INTO t VALUES ($1::int)', [7]);
      expect(await store.sql('SELECT * FROM t WHERE id = $1::int', [7])).toEqual([{ id: 7 }]);
      await store.sql('ALTER TABLE t ADD COLUMN note text');
      expect(await store.sql('SELECT * FROM t WHERE id = $1::int', [7])).toEqual([{ id: 7, note: null }]);
      expect(await store.sql('SELECT * FROM t WHERE id = $1::int', [7])).toEqual([{ id: 7, note: null }]);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(process.env.HT_TEST_STORE !== 'postgres')('embedded store statements as tables grow', () => {
  it('are prepared again after a while, so a plan made on an empty table does not scan it once it is full', async () => {
    const pglite = await PGlite.create();
    try {
      const statements = new EmbeddedStatements(pglite.query.bind(pglite), 4);
      const run = (text: string, params?: unknown[]) => pglite.query(text, params);
      // A table of a few rows, vacuumed (as the retention job does): one page, read whole.
      await pglite.exec(`SET plan_cache_mode = force_generic_plan; CREATE TABLE t (id int PRIMARY KEY, note text);
                         INSERT INTO t VALUES (1, 'one'), (2, 'two')`);
      await pglite.exec('VACUUM t');
      const find = 'SELECT note FROM t WHERE id = $1::int';
      const planOf = async () => {
        const [name] = (
          await pglite.query<{ name: string }>(
            `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%FROM t WHERE%' ORDER BY prepare_time DESC LIMIT 1`,
          )
        ).rows;
        const plan = await pglite.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name!.name}('7')`);
        return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      expect((await statements.query(run, find, [7])).rows).toEqual([]);
      expect(await planOf()).toMatch(/Seq Scan/);
      await pglite.exec("INSERT INTO t SELECT n, 'note ' || n FROM generate_series(3, 20000) n");
      // Runs 2 and 3 keep the plan made on the empty table; the 4th prepares it again.
      for (let i = 0; i < 2; i++) await statements.query(run, find, [7]);
      expect(await planOf()).toMatch(/Seq Scan/);
      expect((await statements.query(run, find, [7])).rows).toEqual([{ note: 'note 7' }]);
      expect(await planOf()).toMatch(/Index Scan/);
      // The first round's statement stays until the next round (a run of it may be in flight), then goes.
      const count = async () => (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n;
      expect(await count()).toBe(2);
      for (let i = 0; i < 8; i++) expect((await statements.query(run, find, [7])).rows).toEqual([{ note: 'note 7' }]);
      expect(await count()).toBe(2);
    } finally {
      await pglite.close();
    }
  });
});
