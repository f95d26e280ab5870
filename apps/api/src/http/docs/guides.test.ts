import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsAssets } from './docs-assets.js';
import { GUIDES } from './guide-list.js';
import { DEFAULT_GUIDES_DIR, GuidePages, guideLink, renderGuideIndex } from './guide-pages.js';
import { renderMarkdown } from './markdown.js';

const assets = await docsAssets();

describe('the guides', () => {
  it('are files in docs/guides headed by their titles, with the four the docs promise', () => {
    expect(GUIDES.map((g) => g.slug)).toEqual(['quickstart', 'webhooks', 'idempotency-and-retries', 'agents-over-mcp']);
    for (const guide of GUIDES) {
      const source = readFileSync(path.join(DEFAULT_GUIDES_DIR, `${guide.slug}.md`), 'utf8');
      expect(renderMarkdown(source).title, guide.slug).toBe(guide.title);
    }
  });

  it('keep every link they make (none is dropped as unsafe), and link each other by page', () => {
    for (const guide of GUIDES) {
      const source = readFileSync(path.join(DEFAULT_GUIDES_DIR, `${guide.slug}.md`), 'utf8').replace(/```[\s\S]*?```/g, '');
      const written = [...source.matchAll(/\[[^\]]+\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
      const { html } = renderMarkdown(source, { rewriteLink: guideLink });
      const rendered = [...html.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1]!);
      expect(rendered.length, guide.slug).toBe(written.length);
      for (const href of rendered) expect(href, guide.slug).toMatch(/^(https:\/\/|\/docs(\/guides\/[\w-]+)?(#[\w-]+)?$|\/openapi\.json$)/);
    }
    expect(guideLink('./webhooks.md#retries-and-duplicates')).toBe('/docs/guides/webhooks#retries-and-duplicates');
    expect(guideLink('unknown.md')).toBeUndefined();
  });

  it('are served as plain pages that list every guide', async () => {
    const pages = new GuidePages();
    const page = await pages.page('quickstart', assets);
    expect(page).toContain('<h1 id="quickstart-a-first-booking-in-five-minutes">');
    expect(page).toContain('<title>Quickstart: a first booking in five minutes · humantime</title>');
    expect(page).not.toMatch(/<script/i);
    for (const guide of GUIDES) expect(page).toContain(`href="/docs/guides/${guide.slug}"`);
    expect(await pages.page('quickstart', assets)).toBe(page);
    expect(await pages.page('nope', assets)).toBeUndefined();
    expect(await new GuidePages('/nonexistent').page('quickstart', assets)).toBeUndefined();
    expect(renderGuideIndex(assets)).toContain('Idempotency and retries');
  });
});
