import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real CalDAV servers for the calendar tests, started as plain processes on free ports with a
// temporary storage folder, and stopped after. Debian packages both (`apt-get install
// radicale xandikos`, as .ci/run does); where a binary is missing its tests are skipped.

export const RADICALE_BIN = '/usr/bin/radicale';
export const XANDIKOS_BIN = '/usr/bin/xandikos';
export const hasRadicale = existsSync(RADICALE_BIN);
export const hasXandikos = existsSync(XANDIKOS_BIN);

export interface CalDavServer {
  name: string;
  /** The calendar collection's URL. */
  calendarUrl: string;
  /** Basic credentials the server checks, or none (Xandikos has no authentication of its own). */
  credentials: { username: string; password: string } | null;
  /** PUTs an iCalendar resource into the calendar. */
  put(name: string, ics: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

function call(
  url: string,
  options: { method: string; body?: string; credentials: CalDavServer['credentials']; type?: string },
): Promise<number> {
  return new Promise((settle, fail) => {
    const headers: Record<string, string> = {};
    if (options.credentials)
      headers.Authorization = `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`;
    if (options.type) headers['Content-Type'] = options.type;
    const req = http.request(url, { method: options.method, headers }, (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(options.body);
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      await call(url, { method: 'GET', credentials: null });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url}: no answer within 15 s`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

function stopper(child: ChildProcess, dir: string): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
}

function server(base: {
  name: string;
  calendarUrl: string;
  credentials: CalDavServer['credentials'];
  stop: () => Promise<void>;
}): CalDavServer {
  return {
    ...base,
    async put(name, ics) {
      const status = await call(`${base.calendarUrl}${name}`, {
        method: 'PUT',
        body: ics,
        credentials: base.credentials,
        type: 'text/calendar; charset=utf-8',
      });
      if (status !== 201 && status !== 204) throw new Error(`${base.name}: PUT ${name} answered ${status}`);
    },
  };
}

/** Radicale with htpasswd (plain) authentication, user `user`, and one calendar made by MKCALENDAR. */
export async function startRadicale(): Promise<CalDavServer> {
  const dir = await mkdtemp(join(tmpdir(), 'humantime-radicale-'));
  const credentials = { username: 'user', password: 'password' };
  await writeFile(join(dir, 'users'), `${credentials.username}:${credentials.password}\n`);
  const port = await freePort();
  const child = spawn(
    RADICALE_BIN,
    [
      '--config',
      '',
      '--server-hosts',
      `127.0.0.1:${port}`,
      '--server-ssl',
      'False',
      '--storage-filesystem-folder',
      join(dir, 'collections'),
      '--auth-type',
      'htpasswd',
      '--auth-htpasswd-filename',
      join(dir, 'users'),
      '--auth-htpasswd-encryption',
      'plain',
      '--auth-delay',
      '0',
      '--rights-type',
      'owner_only',
    ],
    { stdio: 'ignore' },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/`, child);
  const calendarUrl = `${base}/${credentials.username}/work/`;
  const made = await call(calendarUrl, { method: 'MKCALENDAR', credentials });
  if (made !== 201) throw new Error(`radicale: MKCALENDAR answered ${made}`);
  return server({ name: 'radicale', calendarUrl, credentials, stop: stopper(child, dir) });
}

/**
 * Xandikos serving a fresh folder, with its default calendar (`--defaults`). It has no
 * authentication of its own (it is meant to run behind a proxy that does it), so it is read
 * without credentials.
 */
export async function startXandikos(): Promise<CalDavServer> {
  const dir = await mkdtemp(join(tmpdir(), 'humantime-xandikos-'));
  const port = await freePort();
  const child = spawn(XANDIKOS_BIN, ['-d', dir, '--defaults', '-l', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/`, child);
  return server({ name: 'xandikos', calendarUrl: `${base}/user/calendars/calendar/`, credentials: null, stop: stopper(child, dir) });
}
