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
