import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Debian's pgbouncer (`apt-get install pgbouncer`; .ci/run installs it when missing). */
export function pgbouncerBinary(): string | undefined {
  return ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((p) => existsSync(p));
}

export interface RunningPgbouncer {
  /** postgres:// URL of the pooler, without a database name. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in transaction pooling mode, as a plain process with an ini file of its own
 * on `port`, in front of the PostgreSQL server at `upstream` (every database: `*`). It will
 * not run as root, so as root it runs as the `postgres` user.
 */
export async function startPgbouncer(upstream: string, port: number): Promise<RunningPgbouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(upstream);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'ht-pgbouncer-'));
  await writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      // At least the connections one test's store opens (a pool of 20 and 3 for key statements).
      'default_pool_size = 30',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([exec('id', ['-u', 'postgres']), exec('id', ['-g', 'postgres'])]);
    for (const file of ['', 'users.txt', 'pgbouncer.ini']) await chown(path.join(dir, file), Number(uid.trim()), Number(gid.trim()));
  }
  const args = [path.join(dir, 'pgbouncer.ini')];
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'ignore' })
    : spawn(binary, args, { stdio: 'ignore' });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (exited !== undefined) throw new Error(`pgbouncer exited with ${exited} (see ${dir}/pgbouncer.log)`);
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen on ${port} (see ${dir}/pgbouncer.log)`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/`,
    stop: async () => {
      if (exited === undefined) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
