import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api: the working directory of `pnpm start` and `pnpm admin`. */
export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The environment of a child: the parent's, minus everything that would point it at
 * another store, token or service than the test means.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'ADMIN_TOKEN',
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'LOG_LEVEL',
    'HUMANTIME_URL',
    'PUBLIC_URL',
    'SMTP_URL',
    'SMTP_FROM',
    'NODE_OPTIONS',
  ]) {
    delete env[name];
  }
  return { ...env, ...extra };
}

/** A port that was free a moment ago (the server needs a fixed one to print its URL). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Child {
  process: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

/**
 * Runs a script from apps/api and collects its output: TypeScript through
 * `node --import tsx`, built JavaScript (dist/*.js) as `pnpm start` does, on plain node.
 */
export function run(script: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const loader = script.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, script, ...args], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const result: Child = {
    process: child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (result.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (result.stderr += chunk));
  return result;
}

/** Runs to completion; resolves with the exit code and output. */
export async function runToEnd(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = run(script, args, env);
  const code = await child.exited;
  // 'exit' can fire before the pipes are drained.
  await Promise.all(
    [child.process.stdout, child.process.stderr].map((s) => new Promise((r) => (s!.readableEnded ? r(null) : s!.on('end', r)))),
  );
  return { code, stdout: child.stdout, stderr: child.stderr };
}

/** Polls until `check` returns a value, or fails after `timeoutMs` with what was seen. */
export async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts the API server and resolves once /healthz answers. A first start creates the
 * embedded database on disk, which takes seconds, and more on a busy machine.
 */
export async function startServer(env: NodeJS.ProcessEnv, port: number, timeoutMs = 50_000, script = 'src/server.ts'): Promise<Child> {
  const child = run(script, [], env);
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  await waitFor(
    `the server on port ${port}`,
    async () => {
      if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}: ${child.stderr}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok || undefined;
      } catch {
        return undefined;
      }
    },
    timeoutMs,
  );
  return child;
}

/** Every stdout line parsed as JSON; fails on a line that is not. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`log line is not JSON: ${line}`);
      }
    });
}
