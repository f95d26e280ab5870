import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded store is one process only: two processes on one PGlite directory would
 * corrupt it. A pid file refuses a second one with a clear message; a stale file (its
 * process gone, e.g. after kill -9) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'humantime.pid');
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return async () => {
        await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (holder && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The embedded store in ${dataDir} is in use by process ${holder}. ` +
            'Run one process per data directory, or set DATABASE_URL to share a PostgreSQL server.',
          { cause: error },
        );
      }
      await unlink(file).catch(() => {});
    }
  }
}
