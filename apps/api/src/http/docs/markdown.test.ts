import { describe, expect, it } from 'vitest';
import { inline, renderMarkdown, slugify } from './markdown.js';

const html = (source: string, options = {}) => renderMarkdown(source, options).html;

describe('renderMarkdown', () => {
  it('renders headings with ids, and takes the first level-1 heading as the title', () => {
    const out = renderMarkdown('# Hello `world`\n\n## Step 1: a key\n\ntext');
    expect(out.title).toBe('Hello world');
    expect(out.html).toContain('<h1 id="hello-world">Hello <code>world</code></h1>');
    expect(out.html).toContain('<h2 id="step-1-a-key">Step 1: a key</h2>');
  });

  it('keeps fenced code literally, escaped, with its language', () => {
    expect(html('```sh\ncurl -H "a: <b>" && echo **x**\n```')).toBe(
      '<pre><code class="language-sh">curl -H &quot;a: &lt;b&gt;&quot; &amp;&amp; echo **x**</code></pre>',
    );
  });

  it('renders paragraphs, lists, block quotes, tables and rules', () => {
    expect(html('one\ntwo\n\nthree')).toBe('<p>one two</p>\n<p>three</p>');
    expect(html('- a\n- **b**\n  continued')).toBe('<ul><li>a</li><li><strong>b</strong> continued</li></ul>');
    expect(html('1. a\n2. b')).toBe('<ol><li>a</li><li>b</li></ol>');
    expect(html('> quoted *text*')).toBe('<blockquote><p>quoted <em>text</em></p></blockquote>');
    expect(html('| A | B |\n| --- | --- |\n| `x` | y |')).toBe(
      '<div class="table"><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td><code>x</code></td><td>y</td></tr></tbody></table></div>',
    );
    expect(html('---')).toBe('<hr>');
  });

  it('shows raw HTML as text', () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps only safe link targets, escaped', () => {
    expect(inline('[a](https://example.com/?x=1&y="2")')).toBe('<a href="https://example.com/?x=1&amp;y=&quot;2&quot;">a</a>');
    expect(inline('[a](/docs)')).toBe('<a href="/docs">a</a>');
    expect(inline('[a](#top)')).toBe('<a href="#top">a</a>');
    expect(inline('[a](mailto:ada@example.com)')).toBe('<a href="mailto:ada@example.com">a</a>');
    for (const target of ['javascript:alert%281%29', 'JaVaScRiPt:void0', 'data:text/html,x', '//evil.example', 'vbscript:x']) {
      expect(inline(`[a](${target})`), target).toBe('a');
    }
  });

  it('rewrites links as asked', () => {
    const rewriteLink = (target: string) => (target === 'other.md' ? '/docs/guides/other' : undefined);
    expect(inline('[next](other.md) and [same](/x)', { rewriteLink })).toBe(
      '<a href="/docs/guides/other">next</a> and <a href="/x">same</a>',
    );
  });

  it('leaves a lone asterisk and unmatched markup alone', () => {
    expect(inline('5 * 3 * 2 and a_b_c')).toBe('5 * 3 * 2 and a_b_c');
  });
});

describe('slugify', () => {
  it('makes ids of letters, digits and dashes', () => {
    expect(slugify('1. A server & a `key`!')).toBe('1-a-server-a-key');
  });
});
