import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_PACKAGE_DIR } from '../../lib/package-dir.js';
import type { DocsAssets } from './docs-assets.js';
import { GUIDES, type Guide } from './guide-list.js';
import { escapeHtml, renderMarkdown } from './markdown.js';
import { docsHeader } from './reference-page.js';

// /docs/guides and /docs/guides/<slug>: the markdown of docs/guides/ rendered once, on the
// first request for it, into a plain page (no script) with the list of guides beside it.

/** docs/guides at the root of the repository, from src/ and from dist/ alike. */
export const DEFAULT_GUIDES_DIR = path.resolve(API_PACKAGE_DIR, '..', '..', 'docs', 'guides');

/** A link between guides (`./webhooks.md`, `webhooks.md#retries`) goes to that guide's page. */
export function guideLink(target: string): string | undefined {
  const match = /^(?:\.\/)?([\w-]+)\.md(#[\w-]*)?$/.exec(target);
  if (!match || !GUIDES.some((g) => g.slug === match[1])) return undefined;
  return `/docs/guides/${match[1]}${match[2] ?? ''}`;
}

function page({ title, body, current, assets }: { title: string; body: string; current: string; assets: DocsAssets }): string {
  const nav = GUIDES.map(
    (g) => `<li><a href="/docs/guides/${g.slug}"${g.slug === current ? ' aria-current="page"' : ''}>${escapeHtml(g.title)}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · humantime</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${assets.style.url}"></head>
<body class="guide">${docsHeader('guides')}
<div class="plain"><aside><h2>Guides</h2><ul>${nav}</ul><h2>Reference</h2><ul><li><a href="/docs">API reference</a></li>
<li><a href="/openapi.json">OpenAPI document</a></li></ul></aside>
<article>${body}</article></div></body></html>`;
}

/** The guides index: each guide with its one line. */
export function renderGuideIndex(assets: DocsAssets): string {
  const items = GUIDES.map((g) => `<li><a href="/docs/guides/${g.slug}">${escapeHtml(g.title)}</a>: ${escapeHtml(g.blurb)}</li>`);
  const body = `<h1>Guides</h1><p>Hand-written walks through the API. Every operation, with examples and a console to try it, is in the <a href="/docs">API reference</a>.</p><ul>${items.join('')}</ul>`;
  return page({ title: 'Guides', body, current: '', assets });
}

export class GuidePages {
  readonly #dir: string;
  readonly #rendered = new Map<string, Promise<string | undefined>>();

  constructor(dir = DEFAULT_GUIDES_DIR) {
    this.#dir = dir;
  }

  /** The page of a guide, or undefined when there is no such guide (or its file is missing). */
  page(slug: string, assets: DocsAssets): Promise<string | undefined> {
    const guide = GUIDES.find((g) => g.slug === slug);
    if (!guide) return Promise.resolve(undefined);
    let rendered = this.#rendered.get(slug);
    if (!rendered) {
      rendered = this.#render(guide, assets);
      this.#rendered.set(slug, rendered);
    }
    return rendered;
  }

  async #render(guide: Guide, assets: DocsAssets): Promise<string | undefined> {
    let source: string;
    try {
      source = await readFile(path.join(this.#dir, `${guide.slug}.md`), 'utf8');
    } catch {
      return undefined;
    }
    const { html, title } = renderMarkdown(source, { rewriteLink: guideLink });
    return page({ title: title ?? guide.title, body: html, current: guide.slug, assets });
  }
}
