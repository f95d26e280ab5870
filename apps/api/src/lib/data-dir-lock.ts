import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const holderIn = async (file: string) => Number((await readFile(file, 'utf8').catch(() => '')).trim());

/**
 * The embedded store is one process only: two processes on one PGlite directory would
 * corrupt it. A pid file refuses a second one with a clear message; a stale file (its
 * process gone, e.g. after kill -9) is taken over.
 *
 * The file appears with its pid already in it (written aside, then hard-linked into place,
 * which fails if the name exists), so no process ever reads an empty file and takes it for
 * stale. A stale file is moved aside (rename: one process wins) and its pid checked there:
 * had another process put its own file in place meanwhile, that one is put back. So two
 * processes starting at once on a directory left by a crash do not both take it.
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
        const holder = await holderIn(file);
        if (holder && holder !== process.pid && alive(holder)) {
          throw new Error(
            `The embedded store in ${dataDir} is in use by process ${holder}. ` +
              'Run one process per data directory, or set DATABASE_URL to share a PostgreSQL server.',
            { cause: error },
          );
        }
        await takeOver(file, holder, `${file}.${process.pid}.stale`);
      }
    }
  } finally {
    await unlink(mine).catch(() => {});
  }
}

/** Removes the pid file of a process that is gone (`stale`), and only that one. */
async function takeOver(file: string, stale: number, aside: string): Promise<void> {
  try {
    await rename(file, aside);
  } catch {
    return; // another process moved it first: try again from the start
  }
  const moved = await holderIn(aside);
  if (moved !== stale && moved && alive(moved)) {
    // A live process's file, put in place after the stale one was read: it stays its lock.
    await link(aside, file).catch(() => {});
  }
  await unlink(aside).catch(() => {});
}
