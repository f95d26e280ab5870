import { describe, expect, it } from 'vitest';
import { escapeHtml, renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';

const doc = buildOpenApiDocument();
const html = renderDocsPage(doc);
const paths = doc.paths as Record<string, Record<string, { operationId: string; summary: string }>>;

describe('renderDocsPage', () => {
  it('is a complete HTML page titled after the API', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>humantime API reference</title>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('lists every path and operation, grouped by resource', () => {
    for (const [path, item] of Object.entries(paths)) {
      expect(html, path).toContain(escapeHtml(path));
      for (const op of Object.values(item)) {
        expect(html, op.operationId).toContain(`id="op-${op.operationId}"`);
        expect(html, op.operationId).toContain(escapeHtml(op.summary));
      }
    }
    for (const tag of ['humans', 'overrides', 'bookings', 'webhooks', 'usage']) {
      expect(html).toContain(`id="tag-${tag}"`);
    }
    expect(html.indexOf('id="tag-humans"')).toBeLessThan(html.indexOf('id="tag-bookings"'));
  });

  it('renders parameters, request bodies and responses as readable trees', () => {
    expect(html).toContain('<code>date_from</code>');
    expect(html).toContain('Idempotency-Key');
    expect(html).toMatch(/<span class="k">working_days<\/span>: <span class="t">integer<\/span>\[\]/);
    expect(html).toMatch(/<span class="k">email<\/span>\?: <span class="t">string<\/span>/);
    expect(html).toContain('href="#schema-ErrorEnvelope"');
    expect(html).toContain('id="schema-ErrorEnvelope"');
    expect(html).toContain('SLOT_UNAVAILABLE');
  });

  it('loads nothing from elsewhere and needs no JavaScript', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link/i);
    expect(html).not.toMatch(/<(img|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).not.toMatch(/https?:\/\//i);
  });

  it('escapes every piece of text taken from the document', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const page = renderDocsPage({
      info: { title: evil, version: evil, description: evil },
      tags: [{ name: evil, description: evil }],
      paths: {
        [`/v1/${evil}`]: {
          get: {
            operationId: evil,
            summary: evil,
            description: evil,
            tags: [evil],
            parameters: [{ name: evil, in: 'query', description: evil, schema: { type: evil, enum: [evil] } }],
            responses: {
              [evil]: {
                description: evil,
                content: { 'application/json': { schema: { type: 'object', properties: { [evil]: { type: evil, description: evil } } } } },
              },
            },
          },
        },
      },
      components: { schemas: { [evil]: { $ref: evil } }, securitySchemes: { [evil]: { type: evil, description: evil } } },
    });
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders a document once', () => {
    const copy = structuredClone(doc) as { info: { title: string } };
    const first = renderDocsPage(copy);
    copy.info.title = 'changed';
    expect(renderDocsPage(copy)).toBe(first);
    expect(renderDocsPage(structuredClone(copy))).toContain('changed');
  });
});
