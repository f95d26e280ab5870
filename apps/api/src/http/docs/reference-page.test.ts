import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi.js';
import { docsAssets } from './docs-assets.js';
import { GUIDES } from './guide-list.js';
import { escapeHtml } from './markdown.js';
import { referencePolicy, renderReferencePage, SCALAR_CONFIGURATION } from './reference-page.js';

const doc = buildOpenApiDocument();
const assets = await docsAssets();
const html = renderReferencePage(doc, assets);

describe('renderReferencePage', () => {
  it('loads Scalar, its start and the style sheet from this origin only, by hashed URLs', () => {
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['data:,', assets.style.url, assets.start.url, assets.scalar.url]);
    for (const url of [assets.style.url, assets.scalar.url, assets.start.url])
      expect(url).toMatch(/^\/docs\/assets\/[\w.]+\?v=[0-9a-f]{12}$/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>(?!\s*$)/);
  });

  it('configures Scalar: this document, no remote fonts, proxy, agent, MCP or telemetry; dark mode; curl, Node, Python', () => {
    const json = /<script type="application\/json" id="reference-configuration">(.*?)<\/script>/s.exec(html)?.[1];
    const configuration = JSON.parse(json!) as Record<string, any>;
    expect(configuration).toEqual(JSON.parse(JSON.stringify(SCALAR_CONFIGURATION)));
    expect(configuration).toMatchObject({
      url: '/openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideDarkModeToggle: false,
      defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
    });
    expect(configuration).not.toHaveProperty('proxyUrl');
    expect(configuration).not.toHaveProperty('proxy');
    const shown = Object.entries(configuration.hiddenClients)
      .filter(([, hidden]) => hidden !== true)
      .map(([target]) => target);
    expect(shown.sort()).toEqual(['node', 'python', 'shell']);
  });

  it('lists every operation for a reader without JavaScript, and links the guides', () => {
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(html)?.[1] ?? '';
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(noscript, `${method} ${path}`).toContain(
          `<span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> ${escapeHtml(op.summary)}`,
        );
      }
    }
    expect(noscript).toContain('<h2>Calendar feed</h2>');
    for (const guide of GUIDES) {
      expect(noscript).toContain(`href="/docs/guides/${guide.slug}"`);
    }
    expect(html).toContain('<a href="/docs/guides">Guides</a>');
  });

  it('has a policy that allows this origin only, and the API origin when it is elsewhere', () => {
    expect(referencePolicy(undefined)).toContain("connect-src 'self';");
    expect(referencePolicy(undefined)).toContain("default-src 'none'");
    expect(referencePolicy(undefined)).toContain("script-src 'self';");
    expect(referencePolicy('https://api.example.org')).toContain("connect-src 'self' https://api.example.org;");
  });
});

describe('docsAssets', () => {
  it('reads Scalar once, with a gzipped copy, and serves nothing from elsewhere', async () => {
    expect(await docsAssets()).toBe(assets);
    expect(assets.scalar.body.length).toBeGreaterThan(1_000_000);
    expect(assets.scalar.gzipped.length).toBeLessThan(assets.scalar.body.length / 2);
    expect(assets.start.body.toString()).toContain("createApiReference('#reference'");
    expect(assets.style.body.toString()).not.toMatch(/url\(|@import|https?:/);
  });
});
