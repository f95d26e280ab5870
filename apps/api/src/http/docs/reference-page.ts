import type { OpenApiDocument } from '../openapi.js';
import type { DocsAssets } from './docs-assets.js';
import { GUIDES } from './guide-list.js';
import { escapeHtml } from './markdown.js';

// The /docs page: Scalar's API reference of /openapi.json, started by a file of this origin,
// with a header that links the guides, and for a reader without JavaScript a plain list of
// every operation (method, path, summary), rendered here from the same document.

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Scalar's configuration (docs/decisions/0046-api-reference-and-guides.md): the document of
 * this origin, no fonts or proxy of Scalar's, no AI agent, MCP helper or telemetry; the dark
 * mode toggle, and code samples in curl, Node (undici, fetch) and Python (http.client, requests) only.
 */
export const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  hideDarkModeToggle: false,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: false,
  orderSchemaPropertiesBy: 'preserve',
  authentication: { preferredSecurityScheme: 'bearerAuth' },
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  hiddenClients: {
    c: true,
    clojure: true,
    csharp: true,
    dart: true,
    fsharp: true,
    go: true,
    http: true,
    java: true,
    js: true,
    julia: true,
    kotlin: true,
    objc: true,
    ocaml: true,
    php: true,
    powershell: true,
    r: true,
    ruby: true,
    rust: true,
    swift: true,
    shell: ['httpie', 'wget'],
    // Scalar's tabs show node/undici and python/python3; fetch and requests are one click away.
    node: ['axios', 'ofetch'],
    python: ['aiohttp', 'httpx_sync', 'httpx_async'],
  },
} as const;

/** JSON inside a <script> element: `<` is escaped so no string in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export type DocsSection = 'reference' | 'guides';

/** The bar on top of /docs and every guide. */
export function docsHeader(current: DocsSection): string {
  const item = (href: string, text: string, key: string) =>
    `<a href="${href}"${key === current ? ' aria-current="page"' : ''}>${escapeHtml(text)}</a>`;
  return `<header class="docs-header"><a class="brand" href="/docs">humantime</a><nav aria-label="Documentation">${[
    item('/docs', 'API reference', 'reference'),
    item('/docs/guides', 'Guides', 'guides'),
    item('/openapi.json', 'OpenAPI', 'openapi'),
  ].join('')}</nav></header>`;
}

/** Every operation of the document by tag, as a list to read without JavaScript. */
export function operationList(document: OpenApiDocument): string {
  const tags = (document.tags ?? []) as { name: string; 'x-displayName'?: string }[];
  const byTag = new Map<string, string[]>(tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'other';
      const line = `<li><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${escapeHtml(operation.summary)}</li>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), line]);
    }
  }
  const names = new Map(tags.map((t) => [t.name, t['x-displayName'] ?? t.name]));
  return [...byTag]
    .filter(([, lines]) => lines.length > 0)
    .map(([tag, lines]) => `<h2>${escapeHtml(names.get(tag) ?? tag)}</h2><ul class="ops">${lines.join('')}</ul>`)
    .join('');
}

function guideList(): string {
  return `<ul>${GUIDES.map((g) => `<li><a href="/docs/guides/${g.slug}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.blurb)}</li>`).join('')}</ul>`;
}

/** The HTML of /docs. */
export function renderReferencePage(document: OpenApiDocument, assets: DocsAssets): string {
  const title = typeof document.info.title === 'string' ? document.info.title : 'API';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} reference</title>
<meta name="description" content="The ${escapeHtml(title)}: every operation, with examples and a console to try them, and guides.">
<link rel="icon" href="data:,"><link rel="stylesheet" href="${assets.style.url}"></head>
<body class="reference">${docsHeader('reference')}
<div id="reference"></div>
<noscript><div class="plain"><aside><h2>Guides</h2>${guideList()}</aside><article>
<h1>${escapeHtml(title)} reference</h1>
<p>The interactive reference needs JavaScript. Without it: every operation below, the guides, and the
<a href="/openapi.json">OpenAPI document</a> itself.</p>${operationList(document)}</article></div></noscript>
<script type="application/json" id="reference-configuration">${scriptJson(SCALAR_CONFIGURATION)}</script>
<script src="${assets.start.url}"></script>
<script src="${assets.scalar.url}"></script>
</body></html>`;
}

/** Content-Security-Policy of /docs: this origin only (and the API's, when PUBLIC_URL names another). */
export function referencePolicy(apiOrigin: string | undefined): string {
  const connect = apiOrigin ? `'self' ${apiOrigin}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Scalar adds its styles as <style> elements and style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
