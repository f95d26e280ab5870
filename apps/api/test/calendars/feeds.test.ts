import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarAddress,
  readCalendar,
  type ReadLimits,
  type ReadRequest,
  type ReadResult,
} from '../../src/services/calendars/read-calendar.js';
import { largeFeed } from './large-feed.js';

// readCalendar against a local HTTP server: conditional requests, and every way a feed can
// fail (hanging, redirecting in a loop, streaming without end, refusing credentials, HTML)
// answered as `unreadable` with a plain message, quickly.

const MARCH = Date.parse('2026-03-01T00:00:00Z');
const MAY = Date.parse('2026-05-01T00:00:00Z');
const google = readFileSync(new URL('fixtures/google.ics', import.meta.url), 'utf8');
const AROUND = Date.parse('2026-06-01T00:00:00Z');
const large = largeFeed({ series: 1000, singles: 4000, around: AROUND });

const LIMITS: ReadLimits = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxComponents: 50_000,
  maxInstances: 100_000,
  maxRedirects: 3,
  allowPrivate: true,
};

let server: http.Server;
let base: string;
const seen: { path: string; headers: http.IncomingHttpHeaders; method: string }[] = [];
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers, method: req.method ?? '' });
    if (req.method === 'PROPFIND') return void res.writeHead(405).end();
    if (path === '/feed.ics') {
      const etag = '"v1"';
      const lastModified = 'Sun, 01 Mar 2026 12:00:00 GMT';
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { ETag: etag }).end();
      return void res
        .writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag, 'Last-Modified': lastModified })
        .end(google);
    }
    if (path === '/octet.ics') return void res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(google);
    if (path === '/gzip.ics')
      return void res.writeHead(200, { 'Content-Type': 'text/calendar', 'Content-Encoding': 'gzip' }).end(gzipSync(google));
    if (path === '/large.ics') return void res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(large);
    if (path === '/nearly-10-mib.ics')
      return void res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(largeFeed({ series: 0, singles: 44_500, around: AROUND }));
    if (path === '/hang') {
      open.add(res);
      return;
    }
    if (path === '/slow-body') {
      open.add(res);
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.write('BEGIN:VCALENDAR\r\n');
      return;
    }
    if (path === '/endless') {
      open.add(res);
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      const line = `X-FILLER:${'x'.repeat(1000)}\r\n`;
      const pump = () => {
        while (!res.destroyed && res.write(line));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.write('BEGIN:VCALENDAR\r\n');
      pump();
      return;
    }
    if (path === '/loop-a') return void res.writeHead(302, { Location: '/loop-b' }).end();
    if (path === '/loop-b') return void res.writeHead(301, { Location: `${base}/loop-a` }).end();
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) {
      const n = Number(hops[1]);
      return void res.writeHead(307, { Location: n > 1 ? `/hops/${n - 1}` : '/feed.ics' }).end();
    }
    if (path === '/private/feed.ics') {
      const expected = `Basic ${Buffer.from('ada:s3cret pass').toString('base64')}`;
      if (req.headers.authorization !== expected) return void res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="cal"' }).end();
      return void res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(google);
    }
    if (path === '/forbidden') return void res.writeHead(403).end();
    if (path === '/html')
      return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><body>Sign in</body></html>');
    if (path === '/fake.ics') return void res.writeHead(200, { 'Content-Type': 'text/calendar' }).end('<html>not really</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

function request(url: string, extra: Partial<ReadRequest> = {}, limits: Partial<ReadLimits> = {}): ReadRequest {
  return { source: { url }, zone: 'Europe/Berlin', from: MARCH, to: MAY, limits: { ...LIMITS, ...limits }, ...extra };
}

async function unreadable(result: Promise<ReadResult>): Promise<string> {
  const read = await result;
  if (read.outcome !== 'unreadable') throw new Error(`expected unreadable, got ${read.outcome}`);
  return read.message;
}

describe('feeds over HTTP', () => {
  it('reads a feed, then answers unchanged to a 304 for If-None-Match, asking again once its window is outgrown', async () => {
    const first = await readCalendar(request(`${base}/feed.ics`));
    expect(first).toMatchObject({
      outcome: 'read',
      kind: 'ics',
      etag: '"v1"',
      lastModified: 'Sun, 01 Mar 2026 12:00:00 GMT',
      truncated: false,
    });
    if (first.outcome !== 'read') throw new Error('not read');
    expect(first.busy).toHaveLength(9);
    expect(first.skipped.count).toBe(1);
    const got = seen.filter((s) => s.path === '/feed.ics');
    expect(got[0]!.headers.accept).toContain('text/calendar');
    expect(got[0]!.headers['user-agent']).toMatch(/humantime/);

    const again = await readCalendar(
      request(`${base}/feed.ics`, { etag: first.etag, lastModified: first.lastModified, syncState: first.syncState }),
    );
    expect(again).toEqual({ outcome: 'unchanged' });
    const conditional = seen.filter((s) => s.path === '/feed.ics').at(-1)!;
    expect(conditional.headers['if-none-match']).toBe('"v1"');
    expect(conditional.headers['if-modified-since']).toBe('Sun, 01 Mar 2026 12:00:00 GMT');

    // A window reaching past the last read's: a 304 would keep a list that stops short.
    const later = await readCalendar({
      ...request(`${base}/feed.ics`, { etag: first.etag, syncState: first.syncState }),
      to: MAY + 86_400_000,
    });
    expect(later.outcome).toBe('read');
    expect(seen.filter((s) => s.path === '/feed.ics').at(-1)!.headers['if-none-match']).toBeUndefined();
  });

  it('detects a feed by its body when the type says nothing, and reads a gzip answer', async () => {
    const octet = await readCalendar(request(`${base}/octet.ics`));
    expect(octet).toMatchObject({ outcome: 'read', kind: 'ics' });
    const gzip = await readCalendar(request(`${base}/gzip.ics`));
    expect(gzip).toMatchObject({ outcome: 'read', kind: 'ics' });
    if (gzip.outcome === 'read') expect(gzip.busy).toHaveLength(9);
  });

  it('follows up to maxRedirects redirects and refuses a loop or a longer chain', async () => {
    expect((await readCalendar(request(`${base}/hops/3`))).outcome).toBe('read');
    expect(await unreadable(readCalendar(request(`${base}/hops/4`)))).toBe('more than 3 redirects');
    expect(await unreadable(readCalendar(request(`${base}/loop-a`)))).toBe('the server redirected in a loop');
  });

  it('gives up on a server that never answers, or stops mid-body, within the timeout', async () => {
    let started = Date.now();
    expect(await unreadable(readCalendar(request(`${base}/hang`, {}, { timeoutMs: 300 })))).toBe('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(3_000);
    started = Date.now();
    expect(await unreadable(readCalendar(request(`${base}/slow-body`, {}, { timeoutMs: 300 })))).toBe('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops reading an answer that streams without end at maxBytes', async () => {
    const started = Date.now();
    expect(await unreadable(readCalendar(request(`${base}/endless`, {}, { maxBytes: 256 * 1024 })))).toBe('larger than 256 KiB');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('sends credentials as HTTP Basic, from the source or from the URL, and says when they are refused', async () => {
    const withSource = await readCalendar({
      ...request(`${base}/private/feed.ics`),
      source: { url: `${base}/private/feed.ics`, username: 'ada', password: 's3cret pass' },
    });
    expect(withSource.outcome).toBe('read');
    const inUrl = await readCalendar(request(`http://ada:s3cret%20pass@127.0.0.1:${new URL(base).port}/private/feed.ics`));
    expect(inUrl.outcome).toBe('read');
    expect(seen.at(-1)!.path).toBe('/private/feed.ics');

    const wrong = await unreadable(readCalendar(request(`http://ada:wrong-secret@127.0.0.1:${new URL(base).port}/private/feed.ics`)));
    expect(wrong).toBe('the server refused the credentials (HTTP 401)');
    expect(wrong).not.toMatch(/wrong-secret|private|feed\.ics/);
    // Without credentials, a 401 or 403 does not blame credentials nobody sent.
    expect(await unreadable(readCalendar(request(`${base}/forbidden`)))).toBe('the server refused access (HTTP 403)');
    expect(await unreadable(readCalendar(request(`http://127.0.0.1:${new URL(base).port}/private/feed.ics`)))).toMatch(
      /^the server asks for credentials \(HTTP 401\)/,
    );
  });

  it('answers unreadable for HTML, a non-calendar under a calendar type, and a missing feed', async () => {
    expect(await unreadable(readCalendar(request(`${base}/html`)))).toBe('not an iCalendar document');
    // The HTML page was not a feed, so it was asked whether it is a CalDAV calendar.
    expect(seen.at(-1)).toMatchObject({ path: '/html', method: 'PROPFIND' });
    expect(await unreadable(readCalendar({ ...request(`${base}/html`), source: { url: `${base}/html`, kind: 'ics' } }))).toBe(
      'not an iCalendar document',
    );
    expect(await unreadable(readCalendar(request(`${base}/fake.ics`)))).toBe('not an iCalendar document');
    expect(await unreadable(readCalendar(request(`${base}/missing.ics`)))).toBe('the server answered HTTP 404');
  });

  it('refuses plain http and private addresses unless allowed, before connecting', async () => {
    const port = new URL(base).port;
    const before = seen.length;
    expect(await unreadable(readCalendar(request(`${base}/feed.ics`, {}, { allowPrivate: false })))).toBe('the URL must use https');
    expect(await unreadable(readCalendar(request(`https://127.0.0.1:${port}/feed.ics`, {}, { allowPrivate: false })))).toBe(
      'private address refused',
    );
    expect(await unreadable(readCalendar(request(`https://localhost:${port}/feed.ics`, {}, { allowPrivate: false })))).toBe(
      'private address refused',
    );
    // A public-looking name that resolves inside: refused by the guarded lookup at connect time.
    const resolve = async () => [{ address: '10.1.2.3', family: 4 }];
    expect(await unreadable(readCalendar(request('https://calendar.example.com/feed.ics', {}, { allowPrivate: false }), { resolve }))).toBe(
      'private address refused',
    );
    expect(seen.length).toBe(before);
  });

  it('reads webcal:// as https:// and takes credentials out of the URL', () => {
    expect(calendarAddress('webcal://p12-caldav.icloud.com/published/2/abc')?.url.href).toBe(
      'https://p12-caldav.icloud.com/published/2/abc',
    );
    expect(calendarAddress('webcals://p12-caldav.icloud.com/published/2/abc')?.url.href).toBe(
      'https://p12-caldav.icloud.com/published/2/abc',
    );
    const address = calendarAddress('https://ada%40example.com:p%3Ass@cal.example.com/u/feed.ics#x');
    expect(address?.url.href).toBe('https://cal.example.com/u/feed.ics');
    expect(address?.credentials).toEqual({ username: 'ada@example.com', password: 'p:ss' });
    expect(calendarAddress('ftp://example.com/feed.ics')).toBeNull();
    expect(calendarAddress('not a url')).toBeNull();
  });

  it('reads a feed of 5,000 events (1,000 weekly series) over 13 months', async () => {
    const from = AROUND - 86_400_000;
    const to = AROUND + 395 * 86_400_000;
    const timings: number[] = [];
    let result: ReadResult | undefined;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      result = await readCalendar({ ...request(`${base}/large.ics`), from, to });
      timings.push(Math.round(performance.now() - started));
    }
    if (result?.outcome !== 'read') throw new Error('not read');
    expect(result.skipped.count).toBe(0);
    expect(result.truncated).toBe(false);
    expect(result.busy.length).toBeGreaterThan(60_000);
    // Measured, not asserted (a shared machine); docs/calendars.md has the figure.
    console.log(
      `5,000-event feed (${(large.length / 1024 / 1024).toFixed(1)} MiB, ${result.busy.length} busy instances): ${timings.join(', ')} ms`,
    );
  });

  it('reads a feed of nearly 10 MiB (44,500 events)', async () => {
    const result = await readCalendar({
      ...request(`${base}/nearly-10-mib.ics`),
      from: AROUND - 86_400_000,
      to: AROUND + 395 * 86_400_000,
    });
    expect(result).toMatchObject({ outcome: 'read', truncated: false, skipped: { count: 0, reasons: [] } });
    if (result.outcome === 'read') expect(result.busy).toHaveLength(43_944);
  });
});
