import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../process/spawn.js';

const exec = promisify(execFile);

/**
 * A PostgreSQL instance of the test's own (its own data directory and port), made with the
 * installed server's initdb and pg_ctl, so a test can stop it (`-m immediate`, as a crash or a
 * failover does) and start it again without touching the shared server other suites use.
 */
export interface PrivatePostgres {
  /** postgres:// URL of its `postgres` database. */
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every connection is cut, nothing is shut down cleanly. */
  crash(): Promise<void>;
  /** `pg_ctl start -w`: resolves once the server accepts connections (after crash recovery). */
  start(): Promise<void>;
  /** Stops it if running and removes its files. */
  destroy(): Promise<void>;
}

/** The installed server's binaries: PG_BINDIR, else the newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'pg_ctl'))) return path.join(root, v, 'bin');
  throw new Error('no PostgreSQL server binaries found (set PG_BINDIR to the directory holding initdb and pg_ctl)');
}

/** Runs a server binary; as root, as the `postgres` user (initdb and postgres refuse root). */
async function runAsPostgres(bin: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return exec(file, argv, { timeout: 60_000 });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(path.join(tmpdir(), 'ht-pg-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await exec('id', ['-u', 'postgres']);
    const { stdout: gid } = await exec('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await runAsPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const start = async () => {
    await runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    running = false;
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    crash: () => stop('immediate'),
    start,
    destroy: async () => {
      if (running) await stop('fast').catch(() => stop('immediate'));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
