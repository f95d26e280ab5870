import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The file's content, trimmed; null when there is no such file. */
const contentOf = async (file: string) => (await readFile(file, 'utf8').catch(() => null))?.trim() ?? null;

/**
 * The embedded store is one process only: two processes on one PGlite directory would
 * corrupt it. A pid file refuses a second one with a clear message; a stale file (its
 * process gone, e.g. after kill -9) is taken over.
 *
 * Every file appears with its content already in it (written aside, then hard-linked into
 * place, which fails if the name exists), so no process reads an empty file and takes it for
 * stale. A stale file is removed only by the process holding its takeover marker
 * (`humantime.pid.takeover-<stale pid>`, also hard-linked into place: one process wins), and
 * only if it still names that dead process: nothing but the marker's holder can remove that
 * file, so between the check and the unlink no live process's file can have taken its place.
 * So several processes starting at once on a directory left by a crash let exactly one in.
 *
 * What is left: a process killed while it holds a takeover marker (a few milliseconds) leaves
 * the marker behind; the next start removes it, and if several start in that same instant two
 * of them may both remove stale files. The lock is per host: processes in different PID
 * namespaces (containers sharing a volume) do not see each other.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'humantime.pid');
  const mine = `${file}.${process.pid}`;
  await writeFile(mine, String(process.pid));
  try {
    for (;;) {
      try {
        await link(mine, file);
        return async () => {
          await unlink(file).catch(() => {});
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await contentOf(file);
        if (holder === null) continue; // removed meanwhile: try again
        if (alive(Number(holder)) && Number(holder) !== process.pid) {
          throw new Error(
            `The embedded store in ${dataDir} is in use by process ${holder}. ` +
              'Run one process per data directory, or set DATABASE_URL to share a PostgreSQL server.',
            { cause: error },
          );
        }
        await removeStale(file, holder, mine);
      }
    }
  } finally {
    await unlink(mine).catch(() => {});
  }
}

/** Removes `file` if it still holds `stale` (a dead process's pid, or nothing), under that pid's takeover marker. */
async function removeStale(file: string, stale: string, mine: string): Promise<void> {
  const marker = `${file}.takeover-${stale || 'empty'}`;
  try {
    await link(mine, marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const taker = await contentOf(marker);
    if (taker !== null && alive(Number(taker))) {
      await sleep(5); // another process is taking it over: try again once it has
    } else {
      await unlink(marker).catch(() => {}); // its taker died midway
    }
    return;
  }
  try {
    const now = await contentOf(file);
    if (now === stale && !alive(Number(now))) await unlink(file).catch(() => {});
  } finally {
    await unlink(marker).catch(() => {});
  }
}
