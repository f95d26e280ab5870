import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CONTENDER = path.resolve(import.meta.dirname, '../../test/process/lock-contender.ts');

/** Starts `n` processes that all try to lock `dir` in the same millisecond; answers their verdicts. */
async function contend(dir: string, n: number): Promise<string[]> {
  const at = Date.now() + 2_500;
  const outcomes = await Promise.all(
    Array.from({ length: n }, () => run(process.execPath, ['--import', 'tsx', CONTENDER, String(at), dir], { timeout: 30_000 })),
  );
  return outcomes.map((o) => o.stdout.trim()).sort();
}

describe('lockDataDir', () => {
  // Before: each contender read the stale file, deleted it and created its own, so one could
  // delete another's fresh file and both held the directory.
  it.each([
    ['a stale pid file (its process killed)', '999999'],
    ['an empty pid file', ''],
    ['no pid file', undefined],
  ])('lets exactly one of several processes starting at once take a directory with %s', { timeout: 60_000 }, async (_what, content) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ht-lock-'));
    try {
      if (content !== undefined) await writeFile(path.join(dir, 'humantime.pid'), content);
      expect(await contend(dir, 3)).toEqual(['locked', 'refused', 'refused']);
      // The holder released it; nothing of the contenders is left behind.
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
