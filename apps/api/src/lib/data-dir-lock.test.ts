import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CONTENDER = path.resolve(import.meta.dirname, '../../test/process/lock-contender.ts');

/**
 * Starts `n` processes that all try to lock `dir` in the same millisecond; answers their
 * verdicts once all have given one, then lets the holder release the lock and waits for all.
 */
async function contend(dir: string, n: number): Promise<string[]> {
  const at = Date.now() + 2_500;
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['--import', 'tsx', CONTENDER, String(at), dir], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const verdicts = await Promise.all(
    children.map(async (child) => {
      let out = '';
      for await (const chunk of child.stdout) {
        out += String(chunk);
        if (out.includes('\n')) break;
      }
      return out.trim();
    }),
  );
  const exits = children.map((child) => (child.exitCode === null ? once(child, 'exit') : Promise.resolve()));
  for (const child of children) child.stdin.end();
  await Promise.all(exits);
  return verdicts.sort();
}

describe('lockDataDir', () => {
  // Before: each contender read the stale file, deleted it and created its own, so one could
  // delete another's fresh file and both held the directory.
  // A stale file is removed only under its takeover marker, and only while it still names the
  // dead process. A marker left by a process killed midway is removed too.
  it.each([
    ['a stale pid file (its process killed)', { 'humantime.pid': '999999' }],
    ['an empty pid file', { 'humantime.pid': '' }],
    ['no pid file', {}],
    ['a stale pid file and the marker of a taker killed midway', { 'humantime.pid': '999999', 'humantime.pid.takeover-999999': '999998' }],
  ])('lets exactly one of several processes starting at once take a directory with %s', { timeout: 60_000 }, async (_what, files) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ht-lock-'));
    try {
      for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
      expect(await contend(dir, 3)).toEqual(['locked', 'refused', 'refused']);
      // The holder released it; nothing of the contenders is left behind.
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
