import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { RequestHandler } from 'express';

// The files of /docs, all from this origin: Scalar's browser bundle (the API reference), the
// few lines that start it, and the style sheet of the reference's header and of the guides.
// Each URL carries a hash of its content (?v=), so a file can be cached for a year and a new
// one is fetched as soon as it changes.

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
  /** Its URL, with the content hash. */
  url: string;
}

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

async function asset(name: string, body: Buffer, type: string): Promise<Asset> {
  return { body, gzipped: await promisify(gzip)(body, { level: 9 }), type, url: `/docs/assets/${name}?v=${hashOf(body)}` };
}

/**
 * @scalar/api-reference's standalone browser bundle (one file, nothing loaded by it). The
 * package does not export the path, so it is found beside its main entry.
 */
export function scalarBundlePath(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return path.join(path.dirname(main), 'browser', 'standalone.js');
}

/**
 * Starts the reference. It runs before Scalar's bundle: zod (inside Scalar) would probe for
 * eval with `Function('')`, which the page's policy refuses and reports, so it is told not to
 * (jitless); Scalar is mounted once the bundle after it has run.
 */
const START_REFERENCE = `(function () {
  window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });
  document.addEventListener('DOMContentLoaded', function () {
    var configuration = JSON.parse(document.getElementById('reference-configuration').textContent);
    window.Scalar.createApiReference('#reference', configuration);
  });
})();
`;

const STYLE = `
:root{--docs-header:48px;--scalar-custom-header-height:var(--docs-header);--scalar-font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--scalar-font-code:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 var(--scalar-font);color:#1d2330;background:#fff}
a{color:#0b5cad}code,pre{font-family:var(--scalar-font-code);font-size:.9em}
.docs-header{position:sticky;top:0;z-index:100;display:flex;align-items:center;gap:16px;height:var(--docs-header);padding:0 16px;border-bottom:1px solid #e5e8ef;background:#fff;white-space:nowrap;overflow-x:auto}
.docs-header .brand{font-weight:700;color:#1d2330;text-decoration:none}.docs-header nav{display:flex;gap:14px;font-size:14px}
.docs-header nav a{color:#4a5366;text-decoration:none}.docs-header nav a:hover,.docs-header nav a[aria-current]{color:#1d2330;text-decoration:underline}
body.dark-mode{background:#0f0f0f;color:#e7e7e7}body.dark-mode .docs-header{background:var(--scalar-background-1,#0f0f0f);border-color:var(--scalar-border-color,#2a2a2a)}
body.dark-mode .docs-header .brand{color:#e7e7e7}body.dark-mode .docs-header nav a{color:#b5b5b5}body.dark-mode .docs-header nav a:hover{color:#fff}
.plain{max-width:1100px;margin:0 auto;padding:24px 16px 64px;display:grid;grid-template-columns:220px minmax(0,1fr);gap:40px}
.plain aside h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6b7385;margin:8px 0}.plain aside ul{list-style:none;margin:0;padding:0}.plain aside li{margin:6px 0;font-size:14px}
.plain aside a{color:#1d2330;text-decoration:none}.plain aside a[aria-current]{font-weight:700}
article h1{font-size:30px;line-height:1.25;margin:0 0 16px}article h2{margin:36px 0 8px;font-size:22px}article h3{margin:24px 0 6px;font-size:18px}
article p code,article li code,article td code{background:#f3f5f9;padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
article pre{background:#f7f8fb;border:1px solid #e5e8ef;border-radius:6px;padding:12px 14px;overflow-x:auto;line-height:1.45}
article blockquote{margin:16px 0;padding:4px 16px;border-left:4px solid #c7d2e5;color:#4a5366}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:15px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e5e8ef;vertical-align:top}
.ops{list-style:none;padding:0}.ops li{margin:4px 0}.method{display:inline-block;min-width:64px;font:700 12px var(--scalar-font-code)}
@media (prefers-color-scheme:dark){body.guide{background:#111418;color:#e6e8ec}body.guide .docs-header{background:#111418;border-color:#2a2f38}
body.guide .docs-header .brand,body.guide .plain aside a{color:#e6e8ec}body.guide a{color:#7cb4ff}body.guide .docs-header nav a{color:#b5bcc9}
body.guide article pre{background:#1a1e24;border-color:#2a2f38}body.guide article p code,body.guide article li code,body.guide article td code{background:#1f242c}body.guide th,body.guide td{border-color:#2a2f38}}
@media (max-width:760px){.plain{grid-template-columns:minmax(0,1fr);gap:8px}.plain aside{border-bottom:1px solid #e5e8ef;padding-bottom:8px}article h1{font-size:24px}}
`;

export interface DocsAssets {
  scalar: Asset;
  start: Asset;
  style: Asset;
}

let loading: Promise<DocsAssets> | undefined;

/** The three files, read and compressed once (on the first request for /docs). */
export function docsAssets(scalarPath = scalarBundlePath()): Promise<DocsAssets> {
  loading ??= (async () => ({
    scalar: await asset('scalar.js', await readFile(scalarPath), 'text/javascript; charset=utf-8'),
    start: await asset('reference.js', Buffer.from(START_REFERENCE), 'text/javascript; charset=utf-8'),
    style: await asset('docs.css', Buffer.from(STYLE), 'text/css; charset=utf-8'),
  }))();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Sends one asset, gzipped when the client takes it, cached for a year. */
export function sendAsset(pick: (assets: DocsAssets) => Asset): RequestHandler {
  return (req, res, next) => {
    docsAssets().then((assets) => {
      const file = pick(assets);
      const gzipped = req.acceptsEncodings('gzip') === 'gzip';
      res.set({
        'Content-Type': file.type,
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
        ...(gzipped && { 'Content-Encoding': 'gzip' }),
      });
      res.send(gzipped ? file.gzipped : file.body);
    }, next);
  };
}
