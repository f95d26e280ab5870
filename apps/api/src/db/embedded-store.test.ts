import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
